"use server";

import { getSessionViewer, requireUserAction } from "@/lib/auth/viewer";
import {
  addToCart,
  addToCartBody,
  getCart,
  guestCartItems,
  mergeGuestCart,
  removeCartLine,
  findCartLineId,
  setProductQty,
  cartQty,
  CART_LINE_NOT_FOUND,
  type Cart,
} from "@/lib/cart";
import { AppError, type ErrorCode } from "@/lib/errors";
import { parseWith } from "@/lib/http/respond";
import { inActionContext } from "@/lib/log";
import { actionError } from "@/lib/action-failure";

// The shop's own cart calls. The viewer comes from the session cookie (never from the client); each action parses
// its input, calls the one lib/cart function that owns the rule, and answers the fresh cart or a message for the
// toast. Actions never throw to the client: Next hides thrown messages in production.

export type CartActionResult =
  { ok: true; message: string; cart: Cart } | { ok: false; message: string; code: ErrorCode };

export type CartLoadResult = { signedIn: false } | { signedIn: true; cart: Cart };

async function run(work: (userId: string) => Promise<string>): Promise<CartActionResult> {
  return inActionContext(async () => {
    try {
      const viewer = await requireUserAction();
      const message = await work(viewer.id);
      return { ok: true, message, cart: await getCart(viewer.id) };
    } catch (caught) {
      const error = actionError(caught, "cart action");
      return { ok: false, message: error.message, code: error.code };
    }
  });
}


/** The signed-in shopper's cart, or `signedIn: false` for a guest (whose cart lives in the browser). */
export async function loadCartAction(): Promise<CartLoadResult> {
  const viewer = await getSessionViewer();
  if (!viewer) return { signedIn: false };
  return { signedIn: true, cart: await getCart(viewer.id) };
}

/** One more unit of a product (a new line at 1). */
export async function addToCartAction(productId: unknown): Promise<CartActionResult> {
  return run(async (userId) => {
    const input = parseWith(addToCartBody, { productId });
    const { created } = await addToCart(userId, input.productId);
    return created ? "Item added to cart" : "Quantity updated";
  });
}

/** Sets the quantity of the shopper's line for a product; 0 removes it. */
export async function setCartQtyAction(productId: unknown, qty: unknown): Promise<CartActionResult> {
  return run(async (userId) => {
    const input = parseWith(addToCartBody, { productId });
    const quantity = parseWith(cartQty, qty);
    const line = await setProductQty(userId, input.productId, quantity);
    return line ? "Quantity updated" : "Item removed from cart";
  });
}

/** Removes the shopper's line for a product. */
export async function removeFromCartAction(productId: unknown): Promise<CartActionResult> {
  return run(async (userId) => {
    const input = parseWith(addToCartBody, { productId });
    const lineId = await findCartLineId(userId, input.productId);
    if (!lineId) throw new AppError("NOT_FOUND", CART_LINE_NOT_FOUND);
    await removeCartLine(userId, lineId);
    return "Item removed from cart";
  });
}

/** Folds the browser's guest cart into the account cart (at login); the server re-prices and clamps everything. */
export async function mergeGuestCartAction(items: unknown): Promise<CartActionResult> {
  return run(async (userId) => {
    await mergeGuestCart(userId, parseWith(guestCartItems, items));
    return "Your cart is saved to your account";
  });
}
