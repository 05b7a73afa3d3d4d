import "server-only";
import { now, shopTimeZone } from "@/lib/ops/clock";
import { promiseMinutes } from "./eta";
import type { Point } from "./geo";
import { describeHours, formatClock, localMinuteOfDay, nextOpening } from "./hours";
import { storeLoad } from "./load";
import { findServingStore, isTakingOrders } from "./serviceability";
import { nearestPincode, storeTable, type StoreRow, type StoreTable } from "./table";

// Serviceability and the promise, read from the in-memory store table (./table.ts) plus one cached query of the
// serving store's load (./load.ts). The domain's words; app/api/store makes the REST shapes.

/** Where to deliver: a pincode, coordinates, or both (a saved address: its pincode and optional coordinates). */
export type LocationQuery = { pincode?: string | null; lat?: number | null; lng?: number | null };

export type StoreSummary = {
  id: string;
  name: string;
  area: string;
  address: string;
  /** taking orders right now: within its hours and not paused */
  open: boolean;
  paused: boolean;
  pausedReason: string | null;
  /** local opening and closing times in SHOP_TZ, "07:00" and "23:00" ("00:00" and "24:00": all day) */
  opensAt: string;
  closesAt: string;
  /** "open 24 hours" or "07:00–23:00" */
  hours: string;
  /** when it next opens by its hours (null while within them; a pause has no set end) */
  opensNextAt: Date | null;
  isDefault: boolean;
  lat: number;
  lng: number;
  radiusKm: number;
  pickers: number;
  pincodes: readonly string[];
};

export type Serviceability = {
  serviceable: boolean;
  pincode: string | null;
  /** the area shoppers know the place by, e.g. "Koramangala" */
  area: string | null;
  city: string | null;
  store: StoreSummary | null;
  /** the promise for a small basket, when the store is taking orders; null otherwise */
  etaMinutes: number | null;
  distanceKm: number | null;
  /** what to tell the shopper */
  message: string;
};

export const notServedMessage = (place: string) => `Sorry, we don't deliver to ${place} yet`;

export function closedMessage(s: StoreSummary): string {
  if (s.paused) {
    const why = s.pausedReason ? ` (${s.pausedReason})` : "";
    return `${s.name} has paused orders${why}; please try again soon`;
  }
  return `${s.name} is closed now; it opens at ${s.opensAt}`;
}

export const deliveryMessage = (minutes: number) =>
  `Delivery in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;

export function summarize(s: StoreRow, at: Date = now(), timeZone = shopTimeZone()): StoreSummary {
  const minute = localMinuteOfDay(at, timeZone);
  return {
    id: s.id,
    name: s.name,
    area: s.area,
    address: s.address,
    open: isTakingOrders(s, minute),
    paused: s.paused,
    pausedReason: s.pausedReason,
    opensAt: formatClock(s.opensAt),
    closesAt: formatClock(s.closesAt),
    hours: describeHours(s),
    opensNextAt: nextOpening(s, at, timeZone),
    isDefault: s.isDefault,
    lat: s.lat,
    lng: s.lng,
    radiusKm: s.radiusKm,
    pickers: s.pickers,
    pincodes: s.pincodeList,
  };
}

/** The delivery point of a query: its coordinates, else its pincode's centroid; the pincode, else the nearest. */
function resolve(t: StoreTable, q: LocationQuery) {
  const given: Point | null = q.lat != null && q.lng != null ? { lat: q.lat, lng: q.lng } : null;
  const pin = q.pincode ? (t.pincodes.get(q.pincode) ?? null) : given ? nearestPincode(t, given) : null;
  const point = given ?? (pin ? { lat: pin.lat, lng: pin.lng } : null);
  return { point, pincode: q.pincode ?? pin?.code ?? null, info: pin };
}

/** Which store serves a place and what it can promise now (`basketUnits`: the basket's units, 0 before one). */
export async function checkServiceability(q: LocationQuery, basketUnits = 0): Promise<Serviceability> {
  const t = await storeTable();
  const at = now();
  const timeZone = shopTimeZone();
  const { point, pincode, info } = resolve(t, q);
  const serving = findServingStore(t.stores, { point, pincode }, localMinuteOfDay(at, timeZone));
  const base = { pincode, area: info?.area ?? null, city: info?.city ?? null };
  if (!serving) {
    return {
      ...base,
      serviceable: false,
      store: null,
      etaMinutes: null,
      distanceKm: null,
      message: notServedMessage(pincode ?? info?.area ?? "this location"),
    };
  }
  const store = summarize(serving.store, at, timeZone);
  const area = base.area ?? serving.store.area;
  if (!serving.open) {
    return {
      ...base,
      area,
      serviceable: true,
      store,
      etaMinutes: null,
      distanceKm: serving.distanceKm,
      message: closedMessage(store),
    };
  }
  const load = await storeLoad(serving.store.id);
  const eta = promiseMinutes({
    ...load,
    pickers: serving.store.pickers,
    basketUnits,
    distanceKm: serving.distanceKm ?? serving.store.radiusKm,
  });
  return {
    ...base,
    area,
    serviceable: true,
    store,
    etaMinutes: eta.minutes,
    distanceKm: serving.distanceKm,
    message: deliveryMessage(eta.minutes),
  };
}

/** Every store, by id. */
export async function listStores(): Promise<StoreSummary[]> {
  const t = await storeTable();
  const at = now();
  const timeZone = shopTimeZone();
  return t.stores.map((s) => summarize(s, at, timeZone));
}

/** One store, or null for an unknown id. */
export async function findStore(id: string): Promise<StoreSummary | null> {
  const row = (await storeTable()).byId.get(id);
  return row ? summarize(row) : null;
}

/** The default store (REST clients that send no store), or null in a shop with no store at all. */
export async function defaultStore(): Promise<StoreSummary | null> {
  const row = (await storeTable()).stores.find((s) => s.isDefault);
  return row ? summarize(row) : null;
}
