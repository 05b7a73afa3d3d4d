"use server";

import { z } from "zod";
import { input, publicAction, userAction } from "@/lib/actions/clients";
import { getSessionViewer } from "@/lib/auth/viewer";
import { AppError } from "@/lib/errors";
import { assertCanSell, shopperStore } from "@/lib/stores/current";
import {
  addToCartReturningCart,
  cartStore,
  findCartLineId,
  getCart,
  mergeGuestCart,
  removeCartLine,
  setLineSubstitution,
  setProductQty,
  stockOfProducts,
} from "./cart";
import { SUBSTITUTION_LABEL, substitutionField } from "@/lib/orders/substitution-rules";
import { CART_LINE_NOT_FOUND } from "./rules";
import { addToCartBody, cartIdField, cartQty, guestCartItems, MAX_GUEST_LINES } from "./schemas";
import { sellRefusal } from "./store";
import { appliedFees } from "@/lib/bill/settings";
import type { Cart, PricedStore } from "./types";

// The shop's own cart calls (lib/actions/clients.ts): the viewer comes from the session cookie, each call runs the one
// lib/cart function that owns the rule and answers the fresh cart with a message for the toast. The store whose
// stock they check is the shopper's (the location cookie, lib/stores/current.ts shopperStore); a store that cannot
// sell now (paused, closed, or a place no store serves) refuses adding and raising with its reason (409), never
// lowering or removing.

export type CartLoad =
  | { signedIn: false; store: PricedStore; stock: Record<string, number> }
  | { signedIn: true; cart: Cart };

const done = async (userId: string, storeId: string, message: string) => ({
  message,
  data: await getCart(userId, storeId),
});

/**
 * The signed-in shopper's cart checked against their store, or for a guest (whose cart lives in the browser) that
 * store and its stock of the guest cart's products, so the browser flags the same lines the server would.
 */
export const loadCartAction = publicAction
  .inputSchema(
    input(z.object({ guestProductIds: z.array(cartIdField("productId")).max(MAX_GUEST_LINES).optional() })),
  )
  .action(async ({ parsedInput }): Promise<{ message: string; data: CartLoad }> => {
    const [viewer, { storeId }] = await Promise.all([getSessionViewer(), shopperStore()]);
    if (!viewer) {
      const [stock, store, fees] = await Promise.all([
        stockOfProducts(parsedInput.guestProductIds ?? [], storeId),
        // the store's names without a cart read: the guest has no server cart
        cartStore(storeId),
        // the store's fees now: the browser prices the guest's bill with them (lib/bill/compute.ts)
        appliedFees(storeId),
      ]);
      return { message: "", data: { signedIn: false, store: { ...store, fees }, stock } };
    }
    return { message: "", data: { signedIn: true, cart: await getCart(viewer.id, storeId) } };
  });

/**
 * One more unit of a product (a new line at 1): with the viewer's own lookup, two database round trips (the shopper's
 * store is read from lib/stores' in-memory table; its ETA's store load, kept 3 s per store, may add one now and then).
 */
export const addToCartAction = userAction
  .inputSchema(input(addToCartBody))
  .action(async ({ parsedInput, ctx }) => {
    const shopper = await shopperStore();
    await assertCanSell(shopper);
    const { cart, created } = await addToCartReturningCart(
      ctx.viewer.id,
      parsedInput.productId,
      shopper.storeId,
    );
    return { message: created ? "Item added to cart" : "Quantity updated", data: cart };
  });

/** Sets the quantity of the shopper's line for a product; 0 removes it. */
export const setCartQtyAction = userAction
  .inputSchema(input(addToCartBody.extend({ qty: cartQty })))
  .action(async ({ parsedInput, ctx }) => {
    const shopper = await shopperStore();
    const refusal = parsedInput.qty > 0 ? await sellRefusal(shopper) : null;
    const line = await setProductQty(
      ctx.viewer.id,
      parsedInput.productId,
      parsedInput.qty,
      shopper.storeId,
      refusal,
    );
    return done(ctx.viewer.id, shopper.storeId, line ? "Quantity updated" : "Item removed from cart");
  });

/** Issue 18: the shopper's choice for a line if the store is out of it at packing (null: the order's default). */
export const setCartSubstitutionAction = userAction
  .inputSchema(input(addToCartBody.extend({ substitution: substitutionField.nullable() })))
  .action(async ({ parsedInput, ctx }) => {
    const lineId = await findCartLineId(ctx.viewer.id, parsedInput.productId);
    if (!lineId) throw new AppError("NOT_FOUND", CART_LINE_NOT_FOUND);
    await setLineSubstitution(ctx.viewer.id, lineId, parsedInput.substitution);
    const choice = parsedInput.substitution;
    const message = choice ? `If it is out of stock: ${SUBSTITUTION_LABEL[choice].toLowerCase()}` : "If it is out of stock: the order's choice";
    return done(ctx.viewer.id, (await shopperStore()).storeId, message);
  });

/** Removes the shopper's line for a product. */
export const removeFromCartAction = userAction
  .inputSchema(input(addToCartBody))
  .action(async ({ parsedInput, ctx }) => {
    const lineId = await findCartLineId(ctx.viewer.id, parsedInput.productId);
    if (!lineId) throw new AppError("NOT_FOUND", CART_LINE_NOT_FOUND);
    await removeCartLine(ctx.viewer.id, lineId);
    return done(ctx.viewer.id, (await shopperStore()).storeId, "Item removed from cart");
  });

/** Folds the browser's guest cart into the account cart (at login); the server re-prices and clamps everything. */
export const mergeGuestCartAction = userAction
  .inputSchema(input(z.object({ items: guestCartItems })))
  .action(async ({ parsedInput, ctx }) => {
    const { storeId } = await shopperStore();
    await mergeGuestCart(ctx.viewer.id, parsedInput.items, storeId);
    return done(ctx.viewer.id, storeId, "Your cart is saved to your account");
  });
