import "server-only";
import { watchBoard, watchOrder } from "./hub";
import { orderEventsAfter, type OrderEvent } from "./read";

// One order's live events as a Server-Sent Events body (issue 17): first what the client missed (events after its
// Last-Event-ID), then each new event as it happens, with a comment every HEARTBEAT_MS so proxies keep the
// connection open. The event's id is the table's id, its name the kind ("status", "position" …), its data JSON.
// Order is kept and nothing is sent twice: new events that arrive while the missed ones are read wait in a queue.

export const HEARTBEAT_MS = 15_000;

const encoder = new TextEncoder();

function frame(event: OrderEvent): Uint8Array {
  return encoder.encode(`id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`);
}

/** The stream for the order (its internal id), starting after `afterId` (0: from the first event). */
export function orderEventStream(
  orderId: string,
  afterId: bigint,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  let stop = () => {};
  let end = () => {};
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let sent = afterId;
      let ready = false;
      const queue: OrderEvent[] = [];
      let closed = false;
      const send = (event: OrderEvent) => {
        if (closed || event.id <= sent) return;
        sent = event.id;
        controller.enqueue(frame(event));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        stop();
        clearInterval(heartbeat);
        try {
          controller.close();
        } catch {
          // already closed by the client going away
        }
      };
      end = close;
      const heartbeat = setInterval(() => {
        if (!closed) controller.enqueue(encoder.encode(": ping\n\n"));
      }, HEARTBEAT_MS);
      signal.addEventListener("abort", close, { once: true });

      // tell the browser how soon to reconnect when the connection drops
      controller.enqueue(encoder.encode("retry: 3000\n\n"));
      const unwatch = await watchOrder(orderId, afterId, (event) =>
        ready ? send(event) : queue.push(event),
      );
      stop = unwatch;
      if (signal.aborted) return close();
      for (const event of await orderEventsAfter(orderId, afterId)) send(event);
      ready = true;
      for (const event of queue.sort((a, b) => (a.id < b.id ? -1 : 1))) send(event);
    },
    cancel() {
      end();
    },
  });
}

/** A client's Last-Event-ID (header, or `lastEventId` in the query for a first connection): a non-negative id. */
export function parseLastEventId(raw: string | null | undefined): bigint {
  if (!raw || !/^\d{1,18}$/.test(raw.trim())) return BigInt(0);
  return BigInt(raw.trim());
}

/**
 * The admin board's stream: one `change` event (data: {kind}) per status, partner or help event of any order, rider
 * positions left out. No replay: the board re-reads its list when told, and reads it whole after a reconnect.
 */
export function boardEventStream(signal: AbortSignal): ReadableStream<Uint8Array> {
  let end = () => {};
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let stop = () => {};
      const close = () => {
        if (closed) return;
        closed = true;
        stop();
        clearInterval(heartbeat);
        try {
          controller.close();
        } catch {
          // already closed by the client going away
        }
      };
      end = close;
      const heartbeat = setInterval(() => {
        if (!closed) controller.enqueue(encoder.encode(": ping\n\n"));
      }, HEARTBEAT_MS);
      signal.addEventListener("abort", close, { once: true });
      controller.enqueue(encoder.encode("retry: 3000\n\n"));
      stop = await watchBoard(({ kind }) => {
        if (closed || kind === "position") return;
        controller.enqueue(encoder.encode(`event: change\ndata: ${JSON.stringify({ kind })}\n\n`));
      });
      if (signal.aborted) close();
    },
    cancel() {
      end();
    },
  });
}
