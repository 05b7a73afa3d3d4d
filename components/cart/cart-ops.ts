"use client";

import { callAction, failureText } from "@/components/ui/use-action";
import type { ActionResult } from "@/lib/actions/result";
import { addToCartAction, removeFromCartAction, setCartQtyAction } from "@/lib/cart/actions";
import { limitMessage, OUT_OF_STOCK_MESSAGE } from "@/lib/cart/rules";
import type { Cart } from "@/lib/cart/types";
import { capOf, fromServerCart, quantityIn, withQuantity, withTotals, type ClientCart } from "./cart-model";
import { readGuestCart, writeGuestCart } from "./guest-cart";
import { CartError, targetQuantity, type CartOp, type OpResult } from "./use-cart";

// How one change of the cart is carried out (./use-cart.ts shows it first): in localStorage for a guest, by the
// server for a signed-in shopper. Loaded after the page, so the server actions' code is not in the shop's first load.

export async function runGuestOp(op: CartOp, store: ClientCart["store"]): Promise<OpResult> {
  // localStorage is the truth for a guest (another tab may have changed it)
  const stored = withTotals(false, readGuestCart(), store);
  const current = quantityIn(stored, op.product.id);
  const next = targetQuantity(op, current);
  if (next > current) {
    if (op.product.stock <= 0) throw new CartError(OUT_OF_STOCK_MESSAGE, "OUT_OF_STOCK");
    if (next > capOf(op.product)) throw new CartError(limitMessage(op.product.stock), "CONFLICT");
  }
  const cart = withQuantity(stored, op.product, next);
  writeGuestCart(cart.lines);
  const message = next === 0 ? "Item removed from cart" : current === 0 ? "Item added to cart" : null;
  return { cart, message };
}

export async function runServerOp(op: CartOp): Promise<OpResult> {
  const productId = op.product.id;
  let result: ActionResult<Cart>;
  if (op.type === "add") result = await callAction(addToCartAction, { productId });
  else if (op.type === "set" && op.quantity > 0)
    result = await callAction(setCartQtyAction, { productId, qty: op.quantity });
  else result = await callAction(removeFromCartAction, { productId });
  if (!result.ok)
    throw new CartError(failureText(result), result.code === "NETWORK" ? "CLIENT" : result.code);
  const removed = op.type === "remove" || (op.type === "set" && op.quantity <= 0);
  const added = op.type === "add" && result.message !== "Quantity updated";
  return { cart: fromServerCart(result.data), message: removed || added ? result.message : null };
}
