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

/** The headers of every live stream: no caching, no proxy buffering (nginx reads X-Accel-Buffering). */
export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
} as const;

/**
 * The frame every live stream shares: the browser's reconnect delay first, a heartbeat comment every HEARTBEAT_MS,
 * and one close for all ends (the client going away, the request aborted). `open` starts the feed with `send` and
 * returns how to stop it; `send` does nothing once closed.
 */
function liveStream(
  signal: AbortSignal,
  open: (send: (bytes: Uint8Array) => void) => Promise<() => void>,
): ReadableStream<Uint8Array> {
  let end = () => {};
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let stop = () => {};
      const send = (bytes: Uint8Array) => {
        if (!closed) controller.enqueue(bytes);
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
      const heartbeat = setInterval(() => send(encoder.encode(": ping\n\n")), HEARTBEAT_MS);
      signal.addEventListener("abort", close, { once: true });
      // tell the browser how soon to reconnect when the connection drops
      send(encoder.encode("retry: 3000\n\n"));
      const stopFeed = await open(send);
      // closed while the feed was opening: stop it now, close() ran before it existed
      if (closed) stopFeed();
      else stop = stopFeed;
    },
    cancel() {
      end();
    },
  });
}

/** The stream for the order (its internal id), starting after `afterId` (0: from the first event). */
export function orderEventStream(
  orderId: string,
  afterId: bigint,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  return liveStream(signal, async (write) => {
    let sent = afterId;
    let ready = false;
    const queue: OrderEvent[] = [];
    const send = (event: OrderEvent) => {
      if (event.id <= sent) return;
      sent = event.id;
      write(frame(event));
    };
    const unwatch = await watchOrder(orderId, afterId, (event) => (ready ? send(event) : queue.push(event)));
    if (signal.aborted) return unwatch;
    for (const event of await orderEventsAfter(orderId, afterId)) send(event);
    ready = true;
    for (const event of queue.sort((a, b) => (a.id < b.id ? -1 : 1))) send(event);
    return unwatch;
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
  return liveStream(signal, (write) =>
    watchBoard(({ kind }) => {
      if (kind !== "position") write(encoder.encode(`event: change\ndata: ${JSON.stringify({ kind })}\n\n`));
    }),
  );
}
