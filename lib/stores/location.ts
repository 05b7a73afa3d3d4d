import { STORE_ID_PATTERN } from "./schemas";

// The shopper's chosen delivery location (issue 16, "Location first"): kept in a cookie so every request (pages,
// server actions, the shop's own REST calls) knows which store's catalogue to show before any address exists.
// Signed-in shoppers also keep it on their account. It is a *display* choice: the store that sells is always derived
// on the server from the delivery address at checkout. The cookie holds the place, not the store: the serving store
// is looked up on every request (an in-memory table), so a pause or a new store shows at once.

export const LOCATION_COOKIE = "kw_location";
export const LOCATION_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** A chosen place: a pincode, optionally with the coordinates geolocation gave, and what the shopper calls it. */
export type ChosenLocation = {
  pincode: string;
  lat?: number;
  lng?: number;
  /** "Home", "Work" or a saved address's label; absent for a typed pincode */
  label?: string;
};

const PINCODE = /^[1-9]\d{5}$/;

/** The cookie's value for a location (compact JSON). */
export function serializeLocation(loc: ChosenLocation): string {
  const out: ChosenLocation = { pincode: loc.pincode };
  if (loc.lat != null && loc.lng != null) {
    out.lat = Math.round(loc.lat * 1e5) / 1e5;
    out.lng = Math.round(loc.lng * 1e5) / 1e5;
  }
  if (loc.label) out.label = loc.label.slice(0, 40);
  return JSON.stringify(out);
}

/** The location in a cookie's value, or null when absent or not well formed (a hand-edited cookie is ignored). */
export function parseLocation(raw: string | undefined | null): ChosenLocation | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.pincode !== "string" || !PINCODE.test(v.pincode)) return null;
  const loc: ChosenLocation = { pincode: v.pincode };
  if (
    typeof v.lat === "number" &&
    typeof v.lng === "number" &&
    Math.abs(v.lat) <= 90 &&
    Math.abs(v.lng) <= 180
  ) {
    loc.lat = v.lat;
    loc.lng = v.lng;
  }
  if (typeof v.label === "string" && v.label.trim()) loc.label = v.label.trim().slice(0, 40);
  return loc;
}

/** A store id as a caller may send it (X-Store-Id, storeId): well formed or null. Unknown ids are the caller's to check. */
export function wellFormedStoreId(raw: string | null | undefined): string | null {
  const id = raw?.trim().toLowerCase();
  return id && STORE_ID_PATTERN.test(id) ? id : null;
}
