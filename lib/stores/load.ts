import "server-only";
import { prisma } from "@/lib/db";
import { now } from "@/lib/ops/clock";
import { RIDE_BACK_MINUTES, type StoreLoad } from "./eta";

// A store's live load for the promise (./eta.ts): its open orders not yet packed and when a rider is free. One
// query per store, kept LOAD_TTL_MS in the process so a burst of lookups (every page's header) reads it once; the
// promise is about that much behind the shop floor, checkout's included (lib/orders/delivery-store.ts: a burst of
// 200 checkouts reads it once, not once per order). invalidateStoreLoad drops it (tests, and a caller that must see
// a change at once).

export const LOAD_TTL_MS = 3_000;

type Entry = { at: number; load: Promise<StoreLoad>; settled: StoreLoad | null; refreshing: boolean };
const cache = new Map<string, Entry>();

type Row = { units: number[] | null; free: number; busy: number; firstBack: Date | null };

// A partner placed at no store rides for the default store (lib/dispatch), so the default store counts them too.
async function readLoad(storeId: string): Promise<StoreLoad> {
  const rows = await prisma.$queryRaw<Row[]>`
    WITH d AS (SELECT (SELECT id FROM "Store" WHERE "isDefault" ORDER BY id LIMIT 1) AS id)
    SELECT
      (SELECT array_agg("itemCount") FROM "Order" WHERE "storeId" = ${storeId} AND status = 'PLACED') AS units,
      (SELECT count(*)::int FROM "DeliveryPartner", d
       WHERE COALESCE("storeId", d.id) = ${storeId} AND "isAvailable") AS free,
      (SELECT count(*)::int FROM "PartnerAssignment" a JOIN "DeliveryPartner" p ON p.id = a."partnerId"
         JOIN "Order" o ON o.id = a."orderId", d
       WHERE COALESCE(p."storeId", d.id) = ${storeId} AND a."completedAt" IS NULL
         AND o.status NOT IN ('DELIVERED', 'CANCELLED')) AS busy,
      (SELECT min(a."etaAt") FROM "PartnerAssignment" a JOIN "DeliveryPartner" p ON p.id = a."partnerId"
         JOIN "Order" o ON o.id = a."orderId", d
       WHERE COALESCE(p."storeId", d.id) = ${storeId} AND a."completedAt" IS NULL
         AND o.status NOT IN ('DELIVERED', 'CANCELLED')) AS "firstBack"`;
  const row = rows[0];
  const openOrderUnits = row?.units ?? [];
  if (row && row.free > 0) return { openOrderUnits, riderReadyInMinutes: 0 };
  if (!row || row.busy === 0 || !row.firstBack) return { openOrderUnits, riderReadyInMinutes: null };
  const backAt = row.firstBack.getTime() + RIDE_BACK_MINUTES * 60_000;
  return { openOrderUnits, riderReadyInMinutes: Math.max(0, (backAt - now().getTime()) / 60_000) };
}

/**
 * The store's load, at most LOAD_TTL_MS old: once read, a stale copy answers while a fresh one is read in the
 * background, so no lookup waits for the database after the first.
 */
export function storeLoad(storeId: string): Promise<StoreLoad> {
  const hit = cache.get(storeId);
  const at = Date.now();
  if (hit && at - hit.at < LOAD_TTL_MS) return hit.load;
  if (hit?.settled) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      readLoad(storeId)
        .then((load) => {
          if (cache.get(storeId) === hit)
            cache.set(storeId, {
              at: Date.now(),
              load: Promise.resolve(load),
              settled: load,
              refreshing: false,
            });
        })
        .catch(() => {
          hit.refreshing = false; // the next lookup tries again; this one keeps the stale copy
        });
    }
    return Promise.resolve(hit.settled);
  }
  const entry: Entry = { at, load: readLoad(storeId), settled: null, refreshing: false };
  cache.set(storeId, entry);
  entry.load.then(
    (load) => {
      entry.settled = load;
    },
    () => {
      if (cache.get(storeId) === entry) cache.delete(storeId);
    },
  );
  return entry.load;
}

/** Forgets the cached load of one store (or all): the next promise reads the database. */
export function invalidateStoreLoad(storeId?: string): void {
  if (storeId) cache.delete(storeId);
  else cache.clear();
}
