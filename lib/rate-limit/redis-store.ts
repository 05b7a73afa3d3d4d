import "server-only";
import Redis from "ioredis";
import type { RateLimitStore } from "./store";
import { log } from "@/lib/log";

const PREFIX = "kwikmart:rl:";

/**
 * Counters in Redis, shared by every app server. A hit is one MULTI: create the key with the window's TTL
 * if it does not exist (SET NX PX), INCR it (INCR keeps the TTL), read the TTL back.
 */
export function createRedisStore(url: string): RateLimitStore & { quit(): Promise<void> } {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  redis.on("error", (error) => log.warn({ reason: error.message }, "rate-limit: redis error"));

  return {
    async increment(key, windowMs) {
      const result = await redis
        .multi()
        .set(PREFIX + key, "0", "PX", Math.max(1, Math.ceil(windowMs)), "NX")
        .incr(PREFIX + key)
        .pttl(PREFIX + key)
        .exec();
      if (!result) throw new Error("redis transaction aborted");
      for (const [error] of result) if (error) throw error;
      const count = Number(result[1]![1]);
      let ttl = Number(result[2]![1]);
      if (ttl < 0) {
        // A key left without a TTL (should not happen): give it one rather than counting forever.
        await redis.pexpire(PREFIX + key, Math.ceil(windowMs));
        ttl = windowMs;
      }
      return { count, resetAt: new Date(Date.now() + ttl) };
    },
    async get(key) {
      const result = await redis
        .multi()
        .get(PREFIX + key)
        .pttl(PREFIX + key)
        .exec();
      if (!result) return null;
      const value = result[0]![1] as string | null;
      const ttl = Number(result[1]![1]);
      if (value === null || ttl <= 0) return null;
      return { count: Number(value), resetAt: new Date(Date.now() + ttl) };
    },
    async decrement(key) {
      // Only an existing key: a bare DECR would create a key without TTL.
      await redis.eval(
        "if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then return redis.call('DECR', KEYS[1]) end return 0",
        1,
        PREFIX + key,
      );
    },
    async delete(key) {
      await redis.del(PREFIX + key);
    },
    async quit() {
      await redis.quit();
    },
  };
}
