import "server-only";
import { z } from "zod";
import * as cart from "@/lib/cart";
import type { Cart, CartLine, CartStore, GuestCartItem } from "@/lib/cart";
import { shortLineNotice, shortLinesReason } from "@/lib/cart/notices";
import { toRestProduct } from "./catalog";
import { restStoreIdField } from "./stores";
import { toRestBill } from "./bill";
import { toRestCartCoupon } from "./coupons";
import { restSubstitutionField, toRestSubstitution } from "@/lib/orders/substitution-rules";

// The cart in the REST contract's words (shared/api-contract.md, spec §3 Cart item): a line is
// {_id, quantity, productId: the populated product, prices in rupees}, and the bodies name a line `_id`. Made and
// read here, beside the route handlers, and nowhere else.
//
// Issue 16 adds beside them, checked against the call's store (X-Store-Id, storeId, else the default store):
// `productId.stock` is that store's; per line `available` (the most the store can put on it: min(stock, 10)),
// `short` (the store cannot supply the line in full: it is kept out of `summary` and blocks checkout) and `notice`
// (what to do about it, or null); beside the lines `store` {_id, name, area} and `checkout` {allowed, reason}.

export const toRestCartLine = (line: CartLine, store?: CartStore) => ({
  _id: line.id,
  quantity: line.quantity,
  productId: toRestProduct(line.product),
  available: line.available,
  short: line.short,
  notice: store ? shortLineNotice(line.quantity, line.product.stock, store.area) : null,
  // issue 18: "replace" | "remove" | "call" if the store is out of it at packing; null: the order's default
  substitution: toRestSubstitution(line.substitution),
});

const toRestStore = (s: CartStore) => ({ _id: s.id, name: s.name, area: s.area });

/** Whether the cart can go to checkout as it is, and why not. */
const checkoutOf = (c: Cart) => {
  const reason = shortLinesReason(c.shortLines);
  return { allowed: reason === null && c.lines.length > 0, reason };
};

export const toRestCart = (c: Cart) => ({
  lines: c.lines.map((l) => toRestCartLine(l, c.store)),
  summary: c.summary,
  bill: toRestBill(c.bill),
  coupon: toRestCartCoupon(c.coupon, c.bill),
  store: toRestStore(c.store),
  checkout: checkoutOf(c),
});

/** `PUT /api/cart/update-qty`: {_id, qty, storeId?}, handed over as the line's `id`. */
export const restUpdateQtySchema = z
  .object({ _id: cart.cartIdField("_id"), qty: cart.cartQty, storeId: restStoreIdField })
  .transform(({ _id, qty, storeId }) => ({ id: _id, qty, storeId }));

/** `PUT /api/cart/substitution`: {_id, substitution: "replace" | "remove" | "call" | null, storeId?}. */
export const restSubstitutionSchema = z
  .object({
    _id: cart.cartIdField("_id"),
    substitution: restSubstitutionField.nullable(),
    storeId: restStoreIdField,
  })
  .transform(({ _id, substitution, storeId }) => ({ id: _id, substitution, storeId }));

/** `POST /api/cart/create`: {productId, storeId?}. */
export const restAddToCartSchema = cart.addToCartBody.extend({ storeId: restStoreIdField });

/** `DELETE /api/cart/delete-cart-item`: {_id}. */
export const restDeleteLineSchema = z
  .object({ _id: cart.cartIdField("_id") })
  .transform(({ _id }) => ({ id: _id }));

// The cart's calls as the contract answers them (the domain function, then the translator).

export const getCart = async (userId: string, storeId: string) =>
  toRestCart(await cart.getCart(userId, storeId));

/** The answer of the calls that return the whole cart: its lines as `data`, and beside them what GET /api/cart/get has. */
export const restCartEnvelope = (c: ReturnType<typeof toRestCart>) => ({
  data: c.lines,
  summary: c.summary,
  bill: c.bill,
  coupon: c.coupon,
  store: c.store,
  checkout: c.checkout,
});

export async function addToCart(userId: string, productId: string, storeId: string) {
  const { line, created } = await cart.addToCart(userId, productId, storeId);
  return { line: toRestCartLine(line), created };
}

export async function addToCartReturningCart(userId: string, productId: string, storeId: string) {
  const { cart: after, created } = await cart.addToCartReturningCart(userId, productId, storeId);
  return { cart: toRestCart(after), created };
}

export const mergeGuestCart = async (userId: string, items: readonly GuestCartItem[], storeId: string) =>
  toRestCart(await cart.mergeGuestCart(userId, items, storeId));
