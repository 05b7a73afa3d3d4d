import "server-only";
import Redis from "ioredis";
import { listen, type Listening } from "@/lib/db/listen";
import { log } from "@/lib/log";

// The transport every instance-to-instance announcement shares (live order events, lib/events/bus.ts; cache
// invalidations, lib/cache-bus): PostgreSQL LISTEN/NOTIFY by default, Redis pub/sub when REDIS_URL is set.

export type { Listening };

export const redisUrl = (): string | null => process.env.REDIS_URL?.trim() || null;

const publishers = globalThis as unknown as { kwikmartPublishers?: Map<string, Redis> };

/** One publishing Redis connection per purpose (`name` labels its log lines), kept for the process. */
export function redisPublisher(url: string, name: string): Redis {
  publishers.kwikmartPublishers ??= new Map();
  let redis = publishers.kwikmartPublishers.get(name);
  if (!redis) {
    redis = new Redis(url, { maxRetriesPerRequest: 2 });
    redis.on("error", (error) => log.warn({ reason: error.message }, `${name}: redis publisher error`));
    publishers.kwikmartPublishers.set(name, redis);
  }
  return redis;
}

/**
 * One subscribing connection to `channel`: `onPayload` per message, `onLost` once when it breaks. No automatic
 * reconnect: each caller reconnects itself (and catches up in its own way).
 */
export async function subscribeChannel(
  channel: string,
  onPayload: (payload: string) => void,
  onLost: (error?: Error) => void,
): Promise<Listening> {
  const url = redisUrl();
  if (!url) return listen(channel, onPayload, onLost);
  const redis = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 1 });
  let closed = false;
  const lost = (error?: Error) => {
    if (closed) return;
    closed = true;
    redis.disconnect();
    onLost(error);
  };
  redis.on("message", (from: string, message: string) => {
    if (from === channel) onPayload(message);
  });
  try {
    await redis.connect();
    await redis.subscribe(channel);
  } catch (error) {
    closed = true;
    redis.disconnect();
    throw error;
  }
  redis.on("error", (error: Error) => lost(error));
  redis.on("end", () => lost());
  return {
    close: async () => {
      closed = true;
      redis.disconnect();
    },
  };
}
