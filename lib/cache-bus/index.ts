import "server-only";
import { randomUUID } from "node:crypto";
import { prisma } from "@/lib/db";
import { redisPublisher, redisUrl, subscribeChannel } from "@/lib/pubsub";
import { log } from "@/lib/log";

// How a cache invalidation reaches every app instance (issue 19 item 2): each instance keeps Next's cache in its own
// memory, and every invalidation is announced once on a channel that all instances listen to, which expire the same
// tags and search results within milliseconds. Transport as for the live events (lib/events/bus.ts): PostgreSQL's
// NOTIFY by default (no new server, works on the embedded database), Redis PUBLISH when REDIS_URL is set. A message
// lost while an instance reconnects is covered by the cache's time limits (at most 60 s for products).

export const CACHE_CHANNEL = "kwikmart_cache";

/**
 * What one invalidation expires: Next cache tags, and the in-process search caches (a store's, or all). `sold`: the
 * change is a sale (stock only went down), which the stock gate's counters need not forget (lib/orders/stock-gate.ts).
 */
export type CacheChange = { tags: string[]; searchStore?: string | null; vocabulary?: boolean; sold?: boolean };

type Message = CacheChange & { from: string };

/** This process's id: it applies its own changes itself, and skips them when they come back over the channel. */
export const INSTANCE_ID = randomUUID();

const globalBus = globalThis as unknown as { kwikmartCacheBusStarted?: boolean };

/** Tells the other instances; never throws (their time limits are the backstop), but says so in the log. */
export async function announceCacheChange(change: CacheChange, from: string = INSTANCE_ID): Promise<void> {
  const payload = JSON.stringify({ ...change, from } satisfies Message);
  try {
    const url = redisUrl();
    if (url) await redisPublisher(url, "cache bus").publish(CACHE_CHANNEL, payload);
    else await prisma.$executeRaw`SELECT pg_notify(${CACHE_CHANNEL}, ${payload})`;
  } catch (error) {
    log.warn({ reason: (error as Error).message }, "cache bus: could not announce a cache change");
  }
}

function parse(payload: string): Message | null {
  try {
    const message = JSON.parse(payload) as Message;
    return Array.isArray(message.tags) && typeof message.from === "string" ? message : null;
  } catch {
    return null;
  }
}

type Stop = () => Promise<void>;

async function subscribeOnce(onMessage: (payload: string) => void, onLost: () => void): Promise<Stop> {
  return (await subscribeChannel(CACHE_CHANNEL, onMessage, onLost)).close;
}

/**
 * Listens for the other instances' changes (`apply` runs for each) until `stop` is called; reconnects after a loss,
 * retrying every 2 s. `self` is the id whose own messages are skipped.
 */
export async function listenForCacheChanges(
  apply: (change: CacheChange) => void,
  self: string = INSTANCE_ID,
): Promise<Stop> {
  let stopped = false;
  let current: Stop | null = null;
  const onMessage = (payload: string) => {
    const message = parse(payload);
    if (!message || message.from === self) return;
    try {
      apply(message);
    } catch (error) {
      log.warn({ reason: (error as Error).message }, "cache bus: a change could not be applied");
    }
  };
  const connect = async (): Promise<void> => {
    while (!stopped) {
      try {
        current = await subscribeOnce(onMessage, () => {
          current = null;
          if (!stopped) {
            log.warn("cache bus: connection lost, reconnecting");
            void connect();
          }
        });
        return;
      } catch (error) {
        log.warn({ reason: (error as Error).message }, "cache bus: could not listen, retrying in 2 s");
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await current?.();
  };
}

/** Once per process (instrumentation.ts): the app's own listener. */
export function startCacheBus(apply: (change: CacheChange) => void): void {
  if (globalBus.kwikmartCacheBusStarted) return;
  globalBus.kwikmartCacheBusStarted = true;
  void listenForCacheChanges(apply);
}
