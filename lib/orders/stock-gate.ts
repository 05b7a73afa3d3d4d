import "server-only";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { outOfStockMessage } from "./stock-message";

// Admission to a placement by stock, in this process (issue 19 #3: 200 shoppers pressing "Place order" at once for
// the last 50 units). Each (store, product) that placements ask for gets a counter of the units left, read once from
// the store's shelf; a placement takes its units from the counters before its transaction and gives them back if it
// fails. When a product's units are all held by placements still running, the next ones wait here, in memory, for
// those to finish instead of queueing for the database; once none is running and none is left, they are refused at
// once with the out-of-stock answer the transaction would have given. So a sold-out rush costs the database the
// orders it makes, not a transaction per buyer.
//
// The transaction's conditional UPDATE still decides every sale. The gate refuses only on a reading of the shelf
// that began after the refused placement arrived, with no placement of the product running (so its answer, and the
// count in "Only 2 left", are the shelf's at a moment during the request); concurrent refusals share that one reading.
// Otherwise it lets the placement through to the database: other instances' sales make a counter too high (their
// buyers reach the database, which refuses the excess and marks the counter unknown); stock coming back here (a
// cancellation) or announced on the cache bus (a restock) clears the store's counters.

/** A placement that waits longer than this goes to the database and lets it decide. */
const MAX_WAIT_MS = 5_000;

type Counter = {
  storeId: string;
  name: string;
  /** units left that no running placement holds; null: unknown (read again when nothing is in flight) */
  left: number | null;
  /** when its last reading of the shelf began (performance.now()) */
  readStartedAt: number;
  /** placements holding units of it (or let through while it was unknown) */
  inFlight: number;
  loading: Promise<unknown> | null;
  waiters: (() => void)[];
};

type Line = { productId: string; quantity: number };

const KEY = Symbol.for("kwikmart.stockGate");
const counters: Map<string, Counter> = ((globalThis as Record<symbol, Map<string, Counter> | undefined>)[KEY] ??=
  new Map());

const keyOf = (storeId: string, productId: string) => `${storeId}\u0000${productId}`;

/** Counters kept at most; beyond, idle ones go (they are read again when asked for). */
const MAX_COUNTERS = 20_000;

const idle = (c: Counter) => c.inFlight === 0 && !c.loading && c.waiters.length === 0;

function counterOf(storeId: string, productId: string): Counter {
  const key = keyOf(storeId, productId);
  let c = counters.get(key);
  if (!c) {
    if (counters.size >= MAX_COUNTERS) for (const [k, old] of counters) if (idle(old)) counters.delete(k);
    c = { storeId, name: "", left: null, readStartedAt: -1, inFlight: 0, loading: null, waiters: [] };
    counters.set(key, c);
  }
  return c;
}

/**
 * Reads the shelf of the counters that are unknown (or all, `again`) and have nothing in flight, one statement for
 * all of them; resolves once every counter asked about has no reading under way.
 */
function load(storeId: string, wanted: { productId: string; counter: Counter }[], again = false): Promise<void> {
  const due = wanted.filter(
    ({ counter }) => !counter.loading && counter.inFlight === 0 && (again || counter.left === null),
  );
  if (due.length) {
    const ids = due.map((w) => w.productId);
    const startedAt = performance.now();
    const loading = prisma.$queryRaw<{ id: string; name: string; stock: number }[]>`
      SELECT p.id, p.name, COALESCE(s.stock, 0)::int AS stock FROM "Product" p
      LEFT JOIN "StoreStock" s ON s."storeId" = ${storeId} AND s."productId" = p.id
      WHERE p.id = ANY(${ids}::text[])`.then(
      (rows) => {
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const { productId, counter } of due) {
          const row = byId.get(productId);
          counter.loading = null;
          // a product that does not exist is the transaction's to refuse; units taken meanwhile are not in the reading
          counter.left = row && counter.inFlight === 0 ? row.stock : null;
          counter.name = row?.name ?? counter.name;
          counter.readStartedAt = startedAt;
          wake(counter);
        }
      },
      () => {
        // the database could not be read: the placements go on to it, and meet the same failure there
        for (const { counter } of due) {
          counter.loading = null;
          counter.left = null;
          wake(counter);
        }
      },
    );
    for (const { counter } of due) counter.loading = loading;
  }
  return Promise.all(wanted.map((w) => w.counter.loading)).then(() => {});
}

function wake(counter: Counter) {
  const waiters = counter.waiters.splice(0);
  for (const w of waiters) w();
}

function waitFor(counters: Counter[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      resolve();
    }
    for (const c of counters) c.waiters.push(done);
  });
}

/** What admit hands back: call it once the placement is over, with whether its stock was taken. */
export type Release = (outcome: "taken" | "failed" | "refused-by-stock") => void;

/**
 * Waits until the cart's units can be held (then holds them), or refuses with OUT_OF_STOCK when a reading of the
 * shelf made since the placement arrived says the store has fewer units than a line asks for, and no running
 * placement could give any back. After MAX_WAIT_MS of waiting, or with a counter unknown, it lets the placement
 * through to its transaction (which decides). `mayRefuse`
 * false (a placement with an Idempotency-Key, which may be the retry of one that is placed or still running on
 * another instance: only its transaction can tell, and answer the first result): let through instead of refused.
 */
export async function admit(storeId: string, lines: readonly Line[], { mayRefuse = true } = {}): Promise<Release> {
  const wanted = [...new Map(lines.map((l) => [l.productId, l])).values()]
    .filter((l) => l.quantity > 0)
    .sort((a, b) => (a.productId < b.productId ? -1 : 1))
    .map((l) => ({ ...l, counter: counterOf(storeId, l.productId) }));
  const arrivedAt = performance.now();
  const deadline = Date.now() + MAX_WAIT_MS;
  for (;;) {
    const now = Date.now();
    if (now >= deadline) return hold(wanted, false);
    await load(storeId, wanted);
    // from here to the hold, no await: no other placement runs in between
    if (wanted.some(({ counter }) => counter.left === null)) return hold(wanted, false);
    const short = wanted.filter(({ counter, quantity }) => counter.left! < quantity);
    if (!short.length) return hold(wanted, true);
    // a short line nobody holds units of: nothing can come back to it but a restock
    const settled = short.find(({ counter }) => counter.inFlight === 0);
    if (!settled) {
      await waitFor(short.map((w) => w.counter), deadline - now);
      continue;
    }
    if (settled.counter.readStartedAt < arrivedAt) {
      // refused only on a reading of the shelf made since this placement arrived
      await load(storeId, [settled], true);
      continue;
    }
    if (!mayRefuse) return hold(wanted, false);
    throw new AppError("OUT_OF_STOCK", outOfStockMessage(settled.counter.name, settled.counter.left!));
  }
}

function hold(wanted: (Line & { counter: Counter })[], counted: boolean): Release {
  for (const { counter, quantity } of wanted) {
    counter.inFlight++;
    if (counted) counter.left! -= quantity;
  }
  let released = false;
  return (outcome) => {
    if (released) return;
    released = true;
    for (const { counter, quantity } of wanted) {
      counter.inFlight--;
      if (outcome === "refused-by-stock") counter.left = null; // the shelf had less than counted: read it again
      else if (outcome === "failed" && counted && counter.left !== null) counter.left += quantity;
      wake(counter);
    }
  };
}

/**
 * Forgets the counters of a store (its stock came back or was counted again), or of every store. A counter with
 * placements in flight becomes unknown, and is read again once they are done.
 */
export function clearStockGate(storeId?: string, productIds?: readonly string[]): void {
  const keys =
    storeId !== undefined && productIds
      ? productIds.map((id) => keyOf(storeId, id))
      : [...counters].filter(([, c]) => storeId === undefined || c.storeId === storeId).map(([key]) => key);
  for (const key of keys) {
    const counter = counters.get(key);
    if (!counter) continue;
    if (idle(counter)) counters.delete(key);
    else counter.left = null;
    wake(counter);
  }
}
