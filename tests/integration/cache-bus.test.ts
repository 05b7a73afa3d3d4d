import { afterEach, describe, expect, it, vi } from "vitest";
import { announceCacheChange, listenForCacheChanges, type CacheChange } from "@/lib/cache-bus";

// Issue 19 item 2: an invalidation on one app instance reaches the others within a second, over PostgreSQL NOTIFY by
// default and over Redis when REDIS_URL is set (the machine's PostgreSQL and Redis). Two "instances" here are two
// listeners with their own ids; the two-server proof with real pages is bench/instances.mjs.

const REDIS = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

afterEach(() => {
  vi.unstubAllEnvs();
});

async function roundTrip() {
  const heardByB: CacheChange[] = [];
  const heardByA: CacheChange[] = [];
  const stopA = await listenForCacheChanges((change) => heardByA.push(change), "instance-a");
  const stopB = await listenForCacheChanges((change) => heardByB.push(change), "instance-b");
  try {
    const tags = [`product:bus-${Date.now()}`];
    const sent = performance.now();
    await announceCacheChange({ tags, searchStore: "store-1", vocabulary: false }, "instance-a");
    while (!heardByB.some((c) => c.tags[0] === tags[0]) && performance.now() - sent < 3_000) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const ms = performance.now() - sent;
    await new Promise((r) => setTimeout(r, 100)); // would A hear its own?
    return { heardByA, heardByB, tags, ms };
  } finally {
    await stopA();
    await stopB();
  }
}

describe("the cache bus", () => {
  it("over PostgreSQL: the other instance hears the tags and the store's search within a second; the sender does not", async () => {
    vi.stubEnv("REDIS_URL", "");
    const { heardByA, heardByB, tags, ms } = await roundTrip();
    expect(heardByB).toEqual([expect.objectContaining({ tags, searchStore: "store-1", vocabulary: false })]);
    expect(ms).toBeLessThan(1_000);
    expect(heardByA).toEqual([]);
  });

  it("over Redis when REDIS_URL is set: the same", async () => {
    vi.stubEnv("REDIS_URL", REDIS);
    const { heardByA, heardByB, tags, ms } = await roundTrip();
    expect(heardByB).toEqual([expect.objectContaining({ tags, searchStore: "store-1" })]);
    expect(ms).toBeLessThan(1_000);
    expect(heardByA).toEqual([]);
  });

  it("ignores a malformed message instead of failing the listener", async () => {
    vi.stubEnv("REDIS_URL", "");
    const heard: CacheChange[] = [];
    const stop = await listenForCacheChanges((change) => heard.push(change), "instance-c");
    try {
      const { prisma } = await import("@/lib/db");
      await prisma.$executeRaw`SELECT pg_notify('kwikmart_cache', 'not json')`;
      await announceCacheChange({ tags: ["after-garbage"] }, "instance-d");
      const deadline = Date.now() + 3_000;
      while (!heard.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(heard.map((c) => c.tags)).toEqual([["after-garbage"]]);
    } finally {
      await stop();
    }
  });
});
