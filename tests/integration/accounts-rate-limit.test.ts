import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { consume, consumeAll, peekLimit, refund, resetLimit, setRateLimitStore } from "@/lib/rate-limit";
import { createRedisStore } from "@/lib/rate-limit/redis-store";
import { freePort } from "../support/free-port";

const key = (tag: string) => `test:${tag}:${Math.random().toString(36).slice(2)}`;

function suite(name: string, setup: () => Promise<void>) {
  describe(name, () => {
    it("allows `points` hits per window, then answers 429 with a retry time", async () => {
      await setup();
      const k = key("basic");
      for (let i = 0; i < 3; i++) await consume(k, { points: 3, windowSeconds: 60 });
      const error = await consume(k, { points: 3, windowSeconds: 60 }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "RATE_LIMITED", status: 429 });
      // "1 minute" when the hits land within a second; on a loaded machine the window may have run a second or two.
      expect((error as Error).message).toMatch(/^Too many attempts\. Try again in (1 minute|5\d seconds)\.$/);
      expect((error as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
      expect((error as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(60);
    });

    it("counts concurrent hits exactly", async () => {
      await setup();
      const k = key("race");
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, () => consume(k, { points: 10, windowSeconds: 60 })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
      expect((await peekLimit(k))?.count).toBe(40);
    });

    it("consumeAll counts every key at once, and refuses with the first key over its limit", async () => {
      await setup();
      const a = key("all-a");
      const b = key("all-b");
      const hits = [
        { key: a, limit: { points: 2, windowSeconds: 60 } },
        { key: b, limit: { points: 3, windowSeconds: 60 } },
      ];
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => consumeAll(hits)));
      // every call counted both keys, concurrent calls included; two fit under a's limit of 2
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
      expect((await peekLimit(a))?.count).toBe(5);
      expect((await peekLimit(b))?.count).toBe(5);
      const error = await consumeAll([hits[1]!, hits[0]!]).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "RATE_LIMITED", status: 429 });
      expect((await peekLimit(a))?.count).toBe(6);
    });

    it("starts a new window when the old one ends, refunds and resets", async () => {
      await setup();
      const k = key("window");
      await consume(k, { points: 1, windowSeconds: 1 });
      await expect(consume(k, { points: 1, windowSeconds: 1 })).rejects.toMatchObject({
        code: "RATE_LIMITED",
      });
      await new Promise((r) => setTimeout(r, 1100));
      await expect(consume(k, { points: 1, windowSeconds: 1 })).resolves.toMatchObject({ remaining: 0 });

      const r = key("refund");
      await consume(r, { points: 2, windowSeconds: 60 });
      await consume(r, { points: 2, windowSeconds: 60 });
      await refund(r);
      await expect(consume(r, { points: 2, windowSeconds: 60 })).resolves.toMatchObject({ remaining: 0 });
      await resetLimit(r);
      expect(await peekLimit(r)).toBeNull();
      await refund(key("never-seen")); // no-op
    });
  });
}

suite("rate limits in PostgreSQL", async () => {
  setRateLimitStore(undefined);
});

const redisBinary = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((p) => existsSync(p));
let redis: ChildProcess | undefined;
let redisStore: ReturnType<typeof createRedisStore> | undefined;

afterAll(async () => {
  setRateLimitStore(undefined);
  await redisStore?.quit();
  redis?.kill("SIGTERM");
});

describe.runIf(redisBinary)("with REDIS_URL", () => {
  suite("rate limits in Redis", async () => {
    if (!redisStore) {
      const port = await freePort();
      redis = spawn(
        redisBinary!,
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        {
          stdio: "ignore",
        },
      );
      redisStore = createRedisStore(`redis://127.0.0.1:${port}`);
      for (let i = 0; i < 50; i++) {
        try {
          await redisStore.get("ping");
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
    setRateLimitStore(redisStore);
  });
});
