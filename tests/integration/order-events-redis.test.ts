import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTx } from "@/lib/db";
import { announce, busKind, subscribe } from "@/lib/events/bus";
import type { Listening } from "@/lib/db/listen";

// Live events across instances through Redis pub/sub when REDIS_URL is set (issue 17, "Transport"): the announcement
// goes out once the recording transaction commits, never for one that rolled back. Uses the machine's Redis.

const REDIS = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
let previous: string | undefined;
let subscription: Listening;
const received: string[] = [];

beforeAll(async () => {
  previous = process.env.REDIS_URL;
  process.env.REDIS_URL = REDIS;
  subscription = await subscribe(
    (payload) => received.push(payload),
    () => received.push("lost"),
  );
});

afterAll(async () => {
  await subscription?.close();
  if (previous === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = previous;
});

const waitFor = async (payload: string) => {
  const deadline = Date.now() + 3_000;
  while (!received.includes(payload) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return received.includes(payload);
};

describe("the Redis transport", () => {
  it("is chosen by REDIS_URL", () => {
    expect(busKind()).toBe("redis");
  });

  it("announces after the commit: a subscriber hears it, and not before the transaction ends", async () => {
    const payload = `order-${Date.now()}:status`;
    let heardInside = true;
    await runTx(async (tx) => {
      await announce(tx, payload);
      await new Promise((r) => setTimeout(r, 200));
      heardInside = received.includes(payload);
    });
    expect(heardInside).toBe(false);
    expect(await waitFor(payload)).toBe(true);
  });

  it("announces nothing for a transaction that rolled back", async () => {
    const payload = `rolled-${Date.now()}:status`;
    await expect(
      runTx(async (tx) => {
        await announce(tx, payload);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const marker = `marker-${Date.now()}:status`;
    await runTx((tx) => announce(tx, marker));
    expect(await waitFor(marker)).toBe(true);
    expect(received).not.toContain(payload);
    expect(received).not.toContain("lost");
  });
});
