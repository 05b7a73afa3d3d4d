import { z } from "zod";
import type { PickList, PickOrder } from "@/lib/orders/picklist";
import { toRestSubstitution } from "@/lib/orders/substitution-rules";
import type { Serviceability, StockChange, StockPage, StoreSummary } from "@/lib/stores";
import type { StaffMember } from "@/lib/stores/staff";

// The REST shapes of the store calls (issue 16): `_id` at this edge, times as local "HH:MM" in SHOP_TZ, instants
// as ISO 8601.

export function storeToRest(s: StoreSummary) {
  return {
    _id: s.id,
    name: s.name,
    area: s.area,
    address: s.address,
    open: s.open,
    paused: s.paused,
    pausedReason: s.pausedReason,
    opensAt: s.opensAt,
    closesAt: s.closesAt,
    hours: s.hours,
    opensNextAt: s.opensNextAt?.toISOString() ?? null,
    isDefault: s.isDefault,
    lat: s.lat,
    lng: s.lng,
    radiusKm: s.radiusKm,
    pickers: s.pickers,
    pincodes: s.pincodes,
  };
}

export function serviceabilityToRest(r: Serviceability) {
  return {
    serviceable: r.serviceable,
    pincode: r.pincode,
    area: r.area,
    city: r.city,
    store: r.store
      ? {
          _id: r.store.id,
          name: r.store.name,
          area: r.store.area,
          open: r.store.open,
          opensAt: r.store.opensAt,
          closesAt: r.store.closesAt,
          opensNextAt: r.store.opensNextAt?.toISOString() ?? null,
          paused: r.store.paused,
          pausedReason: r.store.pausedReason,
        }
      : null,
    etaMinutes: r.etaMinutes,
    distanceKm: r.distanceKm === null ? null : Math.round(r.distanceKm * 100) / 100,
    message: r.message,
  };
}

/** GET /api/store/stock: the usual list envelope; each row names its product by `_id`. */
export const stockPageToRest = (page: StockPage) => ({
  data: page.data.map((r) => ({ productId: r.productId, name: r.name, unit: r.unit, stock: r.stock })),
  totalCount: page.totalCount,
  totalNoPage: page.totalNoPage,
  page: page.page,
  limit: page.limit,
});

/** PUT /api/store/stock: each row as set, with what it was. */
export const stockChangesToRest = (storeId: string, changes: readonly StockChange[]) => ({
  storeId,
  items: changes.map((c) => ({ productId: c.productId, name: c.name, stock: c.stock, previous: c.before })),
});

// Store staff and the pick list (issue 16, "The store's side").

/** A store's staff member: `_id`, the store, the account state (INVITED, INVITE_EXPIRED, ACTIVE, DEACTIVATED). */
export const staffToRest = (s: StaffMember) => ({
  _id: s.id,
  storeId: s.storeId,
  name: s.name,
  email: s.email,
  account: s.account,
  createdAt: s.createdAt,
  deactivatedAt: s.deactivatedAt,
});

/** `PUT /api/store/staff/deactivate` {_id}. */
export const restStaffIdSchema = z
  .object({ _id: z.string({ error: "_id is required" }).trim().min(1, "_id is required").max(100, "Staff member not found") })
  .transform(({ _id }) => ({ staffId: _id }));

/** One order of the pick list: `orderId` is the order number (as in the order calls), lines grouped by category. */
export const pickOrderToRest = (o: PickOrder) => ({
  _id: o.id,
  orderId: o.orderNumber,
  placedAt: o.placedAt,
  waitedMinutes: o.waitedMinutes,
  customerFirstName: o.customerFirstName,
  itemCount: o.itemCount,
  paymentMethod: o.cash ? "CASH_ON_DELIVERY" : "CARD",
  linesTotal: o.linesTotal,
  linesDone: o.linesDone,
  ready: o.ready,
  groups: o.groups.map((g) => ({
    category: g.category,
    lines: g.lines.map((l) => ({
      _id: l.id,
      productId: l.productId,
      name: l.name,
      image: l.image,
      unit: l.unit,
      quantity: l.quantity,
      picked: l.picked,
      short: l.short,
      // issue 18: the shopper's choice if short, and for "call", what they said (null: not yet)
      substitution: toRestSubstitution(l.substitution),
      callDecision: toRestSubstitution(l.callDecision),
    })),
  })),
  // the phone to call when a line's choice is "call" (issue 18); else null
  phone: o.phone,
});

export const pickListToRest = (list: PickList) => ({
  store: { _id: list.storeId, name: list.storeName },
  orders: list.orders.map(pickOrderToRest),
});

/** `POST /api/store/stock/receive`: the row as received. */
export const receivedToRest = (storeId: string, c: StockChange) => ({
  storeId,
  productId: c.productId,
  name: c.name,
  received: c.stock - c.before,
  stock: c.stock,
  previous: c.before,
});
