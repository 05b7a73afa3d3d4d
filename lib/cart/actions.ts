"use server";

import { z } from "zod";
import { input, publicAction, userAction } from "@/lib/actions/clients";
import { getSessionViewer } from "@/lib/auth/viewer";
import { AppError } from "@/lib/errors";
import {
  addToCartReturningCart,
  findCartLineId,
  getCart,
  mergeGuestCart,
  removeCartLine,
  setProductQty,
} from "./cart";
import { CART_LINE_NOT_FOUND } from "./rules";
import { addToCartBody, cartQty, guestCartItems } from "./schemas";
import type { Cart } from "./types";

// The shop's own cart calls (lib/actions/clients.ts): the viewer comes from the session cookie, each call runs the one
// lib/cart function that owns the rule and answers the fresh cart with a message for the toast.

export type CartLoad = { signedIn: false } | { signedIn: true; cart: Cart };

const done = async (userId: string, message: string) => ({ message, data: await getCart(userId) });

/** The signed-in shopper's cart, or `signedIn: false` for a guest (whose cart lives in the browser). */
export const loadCartAction = publicAction.action(async (): Promise<{ message: string; data: CartLoad }> => {
  const viewer = await getSessionViewer();
  if (!viewer) return { message: "", data: { signedIn: false } };
  return { message: "", data: { signedIn: true, cart: await getCart(viewer.id) } };
});

/** One more unit of a product (a new line at 1): with the viewer's own lookup, two database round trips. */
export const addToCartAction = userAction
  .inputSchema(input(addToCartBody))
  .action(async ({ parsedInput, ctx }) => {
    const { cart, created } = await addToCartReturningCart(ctx.viewer.id, parsedInput.productId);
    return { message: created ? "Item added to cart" : "Quantity updated", data: cart };
  });

/** Sets the quantity of the shopper's line for a product; 0 removes it. */
export const setCartQtyAction = userAction
  .inputSchema(input(addToCartBody.extend({ qty: cartQty })))
  .action(async ({ parsedInput, ctx }) => {
    const line = await setProductQty(ctx.viewer.id, parsedInput.productId, parsedInput.qty);
    return done(ctx.viewer.id, line ? "Quantity updated" : "Item removed from cart");
  });

/** Removes the shopper's line for a product. */
export const removeFromCartAction = userAction
  .inputSchema(input(addToCartBody))
  .action(async ({ parsedInput, ctx }) => {
    const lineId = await findCartLineId(ctx.viewer.id, parsedInput.productId);
    if (!lineId) throw new AppError("NOT_FOUND", CART_LINE_NOT_FOUND);
    await removeCartLine(ctx.viewer.id, lineId);
    return done(ctx.viewer.id, "Item removed from cart");
  });

/** Folds the browser's guest cart into the account cart (at login); the server re-prices and clamps everything. */
export const mergeGuestCartAction = userAction
  .inputSchema(input(z.object({ items: guestCartItems })))
  .action(async ({ parsedInput, ctx }) => {
    await mergeGuestCart(ctx.viewer.id, parsedInput.items);
    return done(ctx.viewer.id, "Your cart is saved to your account");
  });
