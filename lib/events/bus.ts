import "server-only";
import Redis from "ioredis";
import { afterCommit, type Tx } from "@/lib/db";
import { listen, type Listening } from "@/lib/db/listen";
import { log } from "@/lib/log";

// How a recorded order event reaches every app instance (issue 17, "Transport"). By default PostgreSQL: pg_notify in
// the recording transaction (delivered at commit, never for a rollback) and one LISTEN connection per instance; no
// new server, works on the embedded database. With REDIS_URL set: a Redis PUBLISH once the transaction has committed
// (runTx's afterCommit) and one SUBSCRIBE connection per instance, for deployments whose database connections go
// through a pooler that cannot LISTEN. Either way the payload only names the order ("<orderId>:<kind>"); the
// instance reads the events themselves from the table.

export const ORDER_EVENTS_CHANNEL = "kwikmart_order_events";

const redisUrl = () => process.env.REDIS_URL?.trim() || null;

/** Which transport this process uses (read when it first listens or publishes). */
export const busKind = (): "redis" | "postgres" => (redisUrl() ? "redis" : "postgres");

const globalBus = globalThis as unknown as { kwikmartEventPublisher?: Redis };

function publisher(url: string): Redis {
  if (!globalBus.kwikmartEventPublisher) {
    const redis = new Redis(url, { maxRetriesPerRequest: 2 });
    redis.on("error", (error) => log.warn({ reason: error.message }, "live events: redis publisher error"));
    globalBus.kwikmartEventPublisher = redis;
  }
  return globalBus.kwikmartEventPublisher;
}

/** Inside the recording transaction: tells every instance once it commits. */
export async function announce(tx: Tx, payload: string): Promise<void> {
  const url = redisUrl();
  if (!url) {
    await tx.$executeRaw`SELECT pg_notify(${ORDER_EVENTS_CHANNEL}, ${payload})`;
    return;
  }
  afterCommit(tx, () =>
    publisher(url)
      .publish(ORDER_EVENTS_CHANNEL, payload)
      // the event is in the table: a page that missed this gets it on its next event or reconnect
      .catch((error: Error) => log.warn({ reason: error.message }, "live events: redis publish failed")),
  );
}

/** One subscribing connection for this instance: `onPayload` per announcement, `onLost` once when it breaks. */
export async function subscribe(
  onPayload: (payload: string) => void,
  onLost: (error?: Error) => void,
): Promise<Listening> {
  const url = redisUrl();
  if (!url) return listen(ORDER_EVENTS_CHANNEL, onPayload, onLost);
  // no automatic reconnect: the hub reconnects itself and then catches every watched order up from the table
  const redis = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 1 });
  let closed = false;
  const lost = (error?: Error) => {
    if (closed) return;
    closed = true;
    redis.disconnect();
    onLost(error);
  };
  redis.on("message", (channel: string, message: string) => {
    if (channel === ORDER_EVENTS_CHANNEL) onPayload(message);
  });
  try {
    await redis.connect();
    await redis.subscribe(ORDER_EVENTS_CHANNEL);
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
