import "server-only";
import type { Listening } from "@/lib/db/listen";
import { log } from "@/lib/log";
import { orderEventsAfter, type OrderEvent } from "./read";
import { subscribe } from "./bus";
import { parseNotification } from "./record";

// The fan-out of live order events in one app instance (issue 17, "Transport"): ONE listening PostgreSQL
// connection per process (LISTEN; works with the embedded database and across instances on one server), and in
// memory the open streams per order. A notification names an order; the hub reads that order's new events once and
// hands them to each of its streams, so a thousand open pages cost one connection and one query per change, never
// a connection per page. When the listening connection drops, the hub reconnects and catches every watched order
// up from the table, so nothing is lost in between (the table, not the notification, is the truth).

export type Listener = (event: OrderEvent) => void;
/** A board watcher: told which order changed and how (no event read: the board re-reads its own list). */
export type BoardListener = (change: { orderId: string; kind: string }) => void;

type Watched = { listeners: Set<Listener>; lastId: bigint };

type Hub = {
  orders: Map<string, Watched>;
  boards: Set<BoardListener>;
  client: Listening | null;
  connecting: Promise<void> | null;
  retry: NodeJS.Timeout | null;
};

// one per process, also when Next bundles route handlers and pages apart
const globalHub = globalThis as unknown as { kwikmartEventHub?: Hub };
const hub: Hub = (globalHub.kwikmartEventHub ??= {
  orders: new Map(),
  boards: new Set(),
  client: null,
  connecting: null,
  retry: null,
});

async function connect(): Promise<void> {
  const listening = await subscribe(
    (payload) => {
      const change = parseNotification(payload);
      for (const board of hub.boards) board(change);
      void deliver(change.orderId);
    },
    (error) => {
      if (hub.client !== listening) return;
      hub.client = null;
      log.warn({ err: error }, "live events: the listening connection was lost; reconnecting");
      scheduleReconnect();
    },
  );
  hub.client = listening;
  // whatever happened while no connection listened
  for (const orderId of hub.orders.keys()) void deliver(orderId);
}

function scheduleReconnect() {
  if (hub.retry || (hub.orders.size === 0 && hub.boards.size === 0)) return;
  hub.retry = setTimeout(() => {
    hub.retry = null;
    void ensureListening().catch(() => scheduleReconnect());
  }, 1_000);
  hub.retry.unref();
}

function ensureListening(): Promise<void> {
  if (hub.client) return Promise.resolve();
  hub.connecting ??= connect().finally(() => (hub.connecting = null));
  return hub.connecting;
}

async function deliver(orderId: string): Promise<void> {
  const watched = hub.orders.get(orderId);
  if (!watched) return;
  const events = await orderEventsAfter(orderId, watched.lastId).catch((error: unknown) => {
    log.warn({ err: error, orderId }, "live events: reading new events failed");
    return [];
  });
  for (const event of events) {
    if (event.id <= watched.lastId) continue;
    watched.lastId = event.id;
    for (const listener of watched.listeners) listener(event);
  }
}

/**
 * Calls `listener` with each new event of the order (its internal id) after `afterId`, until the returned function
 * is called. Starts the listening connection on first use; fails only when it cannot be opened.
 */
export async function watchOrder(orderId: string, afterId: bigint, listener: Listener): Promise<() => void> {
  // A stream behind the hub's last id reads its own gap from the table (./stream.ts catches up after watching).
  let watched = hub.orders.get(orderId);
  if (!watched) {
    watched = { listeners: new Set(), lastId: afterId };
    hub.orders.set(orderId, watched);
  }
  watched.listeners.add(listener);
  try {
    await ensureListening();
  } catch (error) {
    watched.listeners.delete(listener);
    if (watched.listeners.size === 0) hub.orders.delete(orderId);
    throw error;
  }
  return () => {
    watched.listeners.delete(listener);
    if (watched.listeners.size === 0 && hub.orders.get(orderId) === watched) hub.orders.delete(orderId);
  };
}

/**
 * Calls `listener` with every order change (any order) until the returned function is called: the admin board's
 * live refresh. Starts the listening connection on first use.
 */
export async function watchBoard(listener: BoardListener): Promise<() => void> {
  hub.boards.add(listener);
  try {
    await ensureListening();
  } catch (error) {
    hub.boards.delete(listener);
    throw error;
  }
  return () => void hub.boards.delete(listener);
}

/** How many orders and streams this instance watches (health and the bench). */
export function hubStats(): { orders: number; streams: number; listening: boolean } {
  let streams = 0;
  for (const w of hub.orders.values()) streams += w.listeners.size;
  return { orders: hub.orders.size, streams: streams + hub.boards.size, listening: hub.client !== null };
}
