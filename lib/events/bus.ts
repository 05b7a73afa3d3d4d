import "server-only";
import { afterCommit, type Tx } from "@/lib/db";
import { redisPublisher, redisUrl, subscribeChannel, type Listening } from "@/lib/pubsub";
import { log } from "@/lib/log";

// How a recorded order event reaches every app instance (issue 17, "Transport"). By default PostgreSQL: pg_notify in
// the recording transaction (delivered at commit, never for a rollback) and one LISTEN connection per instance; no
// new server, works on the embedded database. With REDIS_URL set: a Redis PUBLISH once the transaction has committed
// (runTx's afterCommit) and one SUBSCRIBE connection per instance, for deployments whose database connections go
// through a pooler that cannot LISTEN. Either way the payload only names the order ("<orderId>:<kind>"); the
// instance reads the events themselves from the table.

export const ORDER_EVENTS_CHANNEL = "kwikmart_order_events";

/** Which transport this process uses (read when it first listens or publishes). */
export const busKind = (): "redis" | "postgres" => (redisUrl() ? "redis" : "postgres");

/** Inside the recording transaction: tells every instance once it commits. */
export async function announce(tx: Tx, payload: string): Promise<void> {
  const url = redisUrl();
  if (!url) {
    await tx.$executeRaw`SELECT pg_notify(${ORDER_EVENTS_CHANNEL}, ${payload})`;
    return;
  }
  afterCommit(tx, () =>
    redisPublisher(url, "live events")
      .publish(ORDER_EVENTS_CHANNEL, payload)
      // the event is in the table: a page that missed this gets it on its next event or reconnect
      .catch((error: Error) => log.warn({ reason: error.message }, "live events: redis publish failed")),
  );
}

/** One subscribing connection for this instance: `onPayload` per announcement, `onLost` once when it breaks (the hub
 * reconnects itself and then catches every watched order up from the table). */
export function subscribe(
  onPayload: (payload: string) => void,
  onLost: (error?: Error) => void,
): Promise<Listening> {
  return subscribeChannel(ORDER_EVENTS_CHANNEL, onPayload, onLost);
}
