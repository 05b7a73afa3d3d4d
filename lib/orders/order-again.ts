import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { cartStore, lineCap, mergeGuestCart, stockOfProducts, MAX_PER_LINE, type Cart } from "@/lib/cart";
import { prisma } from "@/lib/db";
import { normaliseOrderNumber } from "./order-number";
import { findOwnOrder } from "./own-order";
import { ORDER_NOT_FOUND } from "./types";

// "Order again" (issue 18): a past order's products go back in the cart from the shopper's store today, at today's
// prices (the cart always prices from the catalogue). What cannot go in, or not all of it, is named with the reason,
// so the shopper is never left guessing why the cart differs from the old order.

export type OrderAgainLine = { productId: string; name: string; quantity: number };
export type OrderAgainMiss = { productId: string; name: string; reason: string };
export type OrderAgainResult = {
  orderNumber: string;
  /** what went in (quantity: the units added now) */
  added: OrderAgainLine[];
  /** what did not, or not all of it */
  missing: OrderAgainMiss[];
  cart: Cart;
};

/** One line of the report's message: "3 items added to your cart" / "Nothing could be added to your cart". */
export function orderAgainMessage(result: Pick<OrderAgainResult, "added" | "missing">): string {
  const units = result.added.reduce((sum, l) => sum + l.quantity, 0);
  if (units === 0) return "Nothing could be added to your cart";
  const added = `${units} ${units === 1 ? "item" : "items"} added to your cart`;
  return result.missing.length === 0 ? added : `${added}; ${result.missing.length} could not be added`;
}

/**
 * Adds the products of one of the viewer's orders to their cart from `storeId`: each at the quantity ordered, as far
 * as the store's stock and the per-line cap of 10 allow on top of what the cart already holds. The caller has checked
 * that the store sells now (assertCanSell). Another shopper's order answers NOT_FOUND like a missing one.
 */
export async function orderAgain(viewer: Viewer, orderNumber: string, storeId: string): Promise<OrderAgainResult> {
  const order = await findOwnOrder(viewer, { orderNumber: normaliseOrderNumber(orderNumber) }, ORDER_NOT_FOUND, {
    userId: true,
    orderNumber: true,
    lines: { select: { productId: true, name: true, quantity: true } },
  });
  const wanted = new Map<string, OrderAgainLine>();
  for (const line of order.lines) {
    const seen = wanted.get(line.productId);
    wanted.set(line.productId, { ...line, quantity: (seen?.quantity ?? 0) + line.quantity });
  }
  const ids = [...wanted.keys()];
  const [products, stock, inCart, store] = await Promise.all([
    prisma.product.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, published: true } }),
    stockOfProducts(ids, storeId),
    prisma.cartItem.findMany({ where: { userId: viewer.id, productId: { in: ids } } }),
    cartStore(storeId),
  ]);
  const published = new Map(products.map((p) => [p.id, p]));
  const held = new Map(inCart.map((l) => [l.productId, l.quantity]));

  const added: OrderAgainLine[] = [];
  const missing: OrderAgainMiss[] = [];
  for (const line of wanted.values()) {
    const product = published.get(line.productId);
    // today's name when the product is still sold; the order's when it is not
    const name = product?.name ?? line.name;
    const miss = (reason: string) => missing.push({ productId: line.productId, name, reason });
    if (!product?.published) {
      miss("No longer sold");
      continue;
    }
    const left = stock[line.productId] ?? 0;
    const already = held.get(line.productId) ?? 0;
    const room = lineCap(left) - already;
    if (left <= 0) miss(`Out of stock at ${store.area}`);
    else if (room <= 0) miss(already >= MAX_PER_LINE ? `Already ${MAX_PER_LINE} in your cart (the most per order)` : `Already in your cart: only ${left} left at ${store.area}`);
    else {
      const quantity = Math.min(room, line.quantity);
      added.push({ productId: line.productId, name, quantity });
      if (quantity < line.quantity) {
        const limit = already + quantity >= MAX_PER_LINE ? `Max ${MAX_PER_LINE} per order` : `Only ${left} left at ${store.area}`;
        miss(`${quantity} of ${line.quantity} added: ${limit}`);
      }
    }
  }
  // mergeGuestCart adds on top of existing lines and clamps again in one statement, so a concurrent change to the
  // store's stock or the cart can only make it add less, never more than the cap
  const cart = await mergeGuestCart(viewer.id, added, storeId);
  return { orderNumber: order.orderNumber, added, missing, cart };
}
