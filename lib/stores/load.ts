import "server-only";
import { prisma } from "@/lib/db";
import { now } from "@/lib/ops/clock";
import { RIDE_BACK_MINUTES, type StoreLoad } from "./eta";

// A store's live load for the promise (./eta.ts): its open orders not yet packed and when a rider is free. One
// query per store, kept LOAD_TTL_MS in the process so a burst of lookups (every page's header) reads it once; the
// promise is at most that much behind the shop floor. Orders placed or packed through this process drop it at once
// (invalidateStoreLoad).

export const LOAD_TTL_MS = 3_000;

const cache = new Map<string, { at: number; load: Promise<StoreLoad> }>();

type Row = { units: number[] | null; free: number; busy: number; firstBack: Date | null };

async function readLoad(storeId: string): Promise<StoreLoad> {
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT
      (SELECT array_agg("itemCount") FROM "Order" WHERE "storeId" = ${storeId} AND status = 'PLACED') AS units,
      (SELECT count(*)::int FROM "DeliveryPartner" WHERE "storeId" = ${storeId} AND "isAvailable") AS free,
      (SELECT count(*)::int FROM "PartnerAssignment" a JOIN "DeliveryPartner" p ON p.id = a."partnerId"
         JOIN "Order" o ON o.id = a."orderId"
       WHERE p."storeId" = ${storeId} AND a."completedAt" IS NULL
         AND o.status NOT IN ('DELIVERED', 'CANCELLED')) AS busy,
      (SELECT min(a."etaAt") FROM "PartnerAssignment" a JOIN "DeliveryPartner" p ON p.id = a."partnerId"
         JOIN "Order" o ON o.id = a."orderId"
       WHERE p."storeId" = ${storeId} AND a."completedAt" IS NULL
         AND o.status NOT IN ('DELIVERED', 'CANCELLED')) AS "firstBack"`;
  const row = rows[0];
  const openOrderUnits = row?.units ?? [];
  if (row && row.free > 0) return { openOrderUnits, riderReadyInMinutes: 0 };
  if (!row || row.busy === 0 || !row.firstBack) return { openOrderUnits, riderReadyInMinutes: null };
  const backAt = row.firstBack.getTime() + RIDE_BACK_MINUTES * 60_000;
  return { openOrderUnits, riderReadyInMinutes: Math.max(0, (backAt - now().getTime()) / 60_000) };
}

/** The store's load, at most LOAD_TTL_MS old. */
export function storeLoad(storeId: string): Promise<StoreLoad> {
  const hit = cache.get(storeId);
  const at = Date.now();
  if (hit && at - hit.at < LOAD_TTL_MS) return hit.load;
  const load = readLoad(storeId);
  cache.set(storeId, { at, load });
  load.catch(() => cache.delete(storeId));
  return load;
}

/** Forgets the cached load of one store (or all): the next promise reads the database. */
export function invalidateStoreLoad(storeId?: string): void {
  if (storeId) cache.delete(storeId);
  else cache.clear();
}
