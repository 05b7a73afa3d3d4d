import "server-only";
import { prisma } from "@/lib/db";
import { haversineKm, type Point } from "./geo";
import type { StoreForLookup } from "./serviceability";
import { reloadOnce, type KeptTable } from "@/lib/kept-table";
import { clearPages } from "@/lib/page-cache/store";

// The in-memory store table behind every serviceability lookup (issue 16: under 5 ms of server time). The stores
// with their served pincodes and the pincode centroids are a few hundred rows, read in two queries and kept in the
// process. A change made through this process (lib/stores/admin.ts) drops the table at once; other instances of the
// shop (several behind a load balancer) see it when their copy is older than TABLE_TTL_MS, so a pause reaches every
// instance within that time. A lookup never waits for a reload once a table exists: a stale table is served while a
// fresh one loads.

export const TABLE_TTL_MS = 15_000;

export type PincodeInfo = { code: string; area: string; city: string; lat: number; lng: number };

export type StoreRow = StoreForLookup & {
  address: string;
  pausedAt: Date | null;
  /** served pincodes, sorted */
  pincodeList: readonly string[];
};

export type StoreTable = {
  stores: readonly StoreRow[];
  byId: ReadonlyMap<string, StoreRow>;
  pincodes: ReadonlyMap<string, PincodeInfo>;
  loadedAt: number;
};

// One table per process, kept on globalThis: Next bundles route handlers and pages apart, each with its own copy of
// this module, and an admin's pause over REST must reach the pages' next lookup, not only the route handlers'.
type Slot = KeptTable<StoreTable>;
const slot: Slot = ((globalThis as { __kwikmartStoreTable?: Slot }).__kwikmartStoreTable ??= {
  table: null,
  loading: null,
});

async function load(): Promise<StoreTable> {
  const [stores, pins] = await Promise.all([
    prisma.store.findMany({ include: { pincodes: { select: { pincode: true } } }, orderBy: { id: "asc" } }),
    prisma.pincode.findMany(),
  ]);
  const rows: StoreRow[] = stores.map((s) => {
    const list = s.pincodes.map((p) => p.pincode).sort();
    return {
      id: s.id,
      name: s.name,
      area: s.area,
      address: s.address,
      lat: s.lat,
      lng: s.lng,
      radiusKm: s.radiusKm,
      pickers: s.pickers,
      opensAt: s.opensAt,
      closesAt: s.closesAt,
      paused: s.paused,
      pausedReason: s.pausedReason,
      pausedAt: s.pausedAt,
      isDefault: s.isDefault,
      pincodes: new Set(list),
      pincodeList: list,
    };
  });
  const next: StoreTable = {
    stores: rows,
    byId: new Map(rows.map((r) => [r.id, r])),
    pincodes: new Map(pins.map((p) => [p.code, p])),
    loadedAt: Date.now(),
  };
  return next;
}

function reload(): Promise<StoreTable> {
  return reloadOnce(slot, load);
}

/** The store table: the cached one while fresh; a stale one is served while it reloads in the background. */
export async function storeTable(): Promise<StoreTable> {
  if (slot.table && Date.now() - slot.table.loadedAt < TABLE_TTL_MS) return slot.table;
  if (slot.table) {
    reload().catch(() => {}); // the next lookup retries; this one answers from the stale copy
    return slot.table;
  }
  return reload();
}

/** Drops the cached table: the next lookup reads the database (after a store or pincode change here). */
export function invalidateStoreTable(): void {
  slot.table = null;
  slot.loading = null;
  // every cached page names a place and its store's promise in the header (lib/page-cache)
  clearPages();
}

/** The pincode whose centroid is nearest to `point`, within `maxKm` (the area a geolocated shopper is in). */
export function nearestPincode(t: StoreTable, point: Point, maxKm = 3): PincodeInfo | null {
  let best: PincodeInfo | null = null;
  let bestKm = maxKm;
  for (const p of t.pincodes.values()) {
    const km = haversineKm(p, point);
    if (km <= bestKm) {
      best = p;
      bestKm = km;
    }
  }
  return best;
}
