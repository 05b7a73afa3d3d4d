import { haversineKm, type Point } from "./geo";
import { isOpenAtMinute, type Hours } from "./hours";

// Which store serves a point (issue 16, decisions.md "The 10-minute system"). Pure: the stores come from the
// in-memory table (./table.ts) and the local minute from the clock.
//
// A store serves a delivery point when the point lies within its radius (straight line) or the point's pincode is
// on its list. Among the stores that serve it and are taking orders (open by their hours, not paused) the nearest
// wins, ties by id; a point with no coordinates (a pincode without a centroid) is at an unknown distance from every
// store, so the id decides. When every store that serves it is closed or paused, the nearest of those is returned,
// not open, so the shopper is told when it opens instead of being told the shop does not deliver there.

export type StoreForLookup = Hours & {
  id: string;
  name: string;
  area: string;
  lat: number;
  lng: number;
  radiusKm: number;
  paused: boolean;
  pausedReason: string | null;
  pickers: number;
  isDefault: boolean;
  pincodes: ReadonlySet<string>;
};

/** The delivery point: coordinates (an address's, geolocation, or the pincode's centroid) and/or a pincode. */
export type DeliveryPoint = { point: Point | null; pincode: string | null };

export type ServingStore<S extends StoreForLookup = StoreForLookup> = {
  store: S;
  /** straight-line km from the store to the point; null when the point has no coordinates */
  distanceKm: number | null;
  /** taking orders now: within its hours and not paused */
  open: boolean;
};

export const isTakingOrders = (s: StoreForLookup, minuteOfDay: number): boolean =>
  !s.paused && isOpenAtMinute(s, minuteOfDay);

export function servesPoint(s: StoreForLookup, at: DeliveryPoint): boolean {
  if (at.pincode && s.pincodes.has(at.pincode)) return true;
  return at.point !== null && s.radiusKm > 0 && haversineKm(s, at.point) <= s.radiusKm;
}

/** The store that serves `at` (see above), or null when none does. */
export function findServingStore<S extends StoreForLookup>(
  stores: readonly S[],
  at: DeliveryPoint,
  minuteOfDay: number,
): ServingStore<S> | null {
  let best: ServingStore<S> | null = null;
  for (const store of stores) {
    if (!servesPoint(store, at)) continue;
    const candidate: ServingStore<S> = {
      store,
      distanceKm: at.point ? haversineKm(store, at.point) : null,
      open: isTakingOrders(store, minuteOfDay),
    };
    if (!best || better(candidate, best)) best = candidate;
  }
  return best;
}

function better(a: ServingStore, b: ServingStore): boolean {
  if (a.open !== b.open) return a.open;
  const da = a.distanceKm ?? Infinity;
  const db = b.distanceKm ?? Infinity;
  if (da !== db) return da < db;
  return a.store.id < b.store.id;
}
