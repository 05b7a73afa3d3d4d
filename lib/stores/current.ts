import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { AppError } from "@/lib/errors";
import {
  checkServiceability,
  closedMessage,
  findStore,
  type Serviceability,
  type StoreSummary,
} from "./lookup";
import { LOCATION_COOKIE, parseLocation, wellFormedStoreId, type ChosenLocation } from "./location";
import { describeLocation, type LocationView } from "./location-view";
import { storeTable } from "./table";

// Which store a request shows and sells from, before checkout (issue 16, "Data, API and defaults"):
// - REST callers name it with the `X-Store-Id` header or a `storeId` field/parameter; without one, the default store;
// - the shop's own pages and actions use the location cookie (./location.ts): the store that serves that place, even
//   while it is closed or paused (its catalogue stays browsable); no location yet, or a place no store serves: the
//   default store's catalogue (the header says "Select your location" or names the unserved pincode).
// At checkout the store is derived from the delivery address instead (lib/orders), never from any of these.

export const unknownStoreMessage = (id: string) =>
  `Unknown store: ${id}. GET /api/store/list names the stores.`;

/** The store a caller named, checked: 400 for an id that is malformed or names no store. */
export async function namedStoreId(raw: string): Promise<string> {
  const id = wellFormedStoreId(raw);
  if (!id || !(await storeTable()).byId.has(id))
    throw new AppError("VALIDATION", unknownStoreMessage(raw.trim()));
  return id;
}

/** The default store's id (the demo's `main`). */
export async function defaultStoreId(): Promise<string> {
  const t = await storeTable();
  const row = t.stores.find((s) => s.isDefault) ?? t.stores[0];
  if (!row) throw new AppError("UNAVAILABLE", "The shop has no store yet; an admin must create one.");
  return row.id;
}

/** The web shopper's chosen location, from the cookie (null before one is chosen). */
export async function shopperLocation(): Promise<ChosenLocation | null> {
  return parseLocation((await cookies()).get(LOCATION_COOKIE)?.value);
}

export type ShopperStore = {
  /** the store whose catalogue and stock the shopper sees */
  storeId: string;
  location: ChosenLocation | null;
  /** the location's serviceability (store, ETA, message); null before a location is chosen */
  serviceability: Serviceability | null;
};

/** The store for a location (null: none chosen) — see the comment at the top. */
export async function storeForLocation(
  location: ChosenLocation | null,
  basketUnits = 0,
): Promise<ShopperStore> {
  if (!location) return { storeId: await defaultStoreId(), location: null, serviceability: null };
  const serviceability = await checkServiceability(location, basketUnits);
  const storeId = serviceability.store?.id ?? (await defaultStoreId());
  return { storeId, location, serviceability };
}

/**
 * The web shopper's store (pages, server actions), from the location cookie. Once per request: the header's
 * location line and the page under it both ask, and the answer (with its promise) is the same.
 */
export const shopperStore = cache(async (): Promise<ShopperStore> =>
  storeForLocation(await shopperLocation()),
);

/** The store a REST call names (header, then field/parameter), else the default store. */
export async function restStoreId(headerValue: string | null, fieldValue?: unknown): Promise<string> {
  const named = headerValue?.trim() || (typeof fieldValue === "string" ? fieldValue.trim() : "");
  return named ? namedStoreId(named) : defaultStoreId();
}

/**
 * Refuses cart changes that the store cannot take now (409 with the reason): a place no store serves, or a store
 * that is closed or paused. Nothing in the cart is lost.
 */
export async function assertCanSell(shopper: ShopperStore): Promise<void> {
  if (shopper.serviceability && !shopper.serviceability.serviceable) {
    throw new AppError("CONFLICT", shopper.serviceability.message);
  }
  const store: StoreSummary | null = shopper.serviceability?.store ?? (await findStore(shopper.storeId));
  if (store && !store.open) throw new AppError("CONFLICT", closedMessage(store));
}

/** What the header, the location prompt and every ADD say about the web shopper's location (./location-view.ts). */
export async function shopperLocationView(): Promise<LocationView> {
  const shopper = await shopperStore();
  return describeLocation(shopper.location, shopper.serviceability);
}
