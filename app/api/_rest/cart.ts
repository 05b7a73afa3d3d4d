import "server-only";
import { z } from "zod";
import * as cart from "@/lib/cart";
import type { Cart, CartLine, GuestCartItem } from "@/lib/cart";
import { toRestProduct } from "./catalog";

// The cart in the REST contract's words (shared/api-contract.md, spec §3 Cart item): a line is
// {_id, quantity, productId: the populated product, prices in rupees}, and the bodies name a line `_id`. Made and
// read here, beside the route handlers, and nowhere else.

export const toRestCartLine = (line: CartLine) => ({
  _id: line.id,
  quantity: line.quantity,
  productId: toRestProduct(line.product),
});

export const toRestCart = (c: Cart) => ({ lines: c.lines.map(toRestCartLine), summary: c.summary });

/** `PUT /api/cart/update-qty`: {_id, qty}, handed over as the line's `id`. */
export const restUpdateQtySchema = z
  .object({ _id: cart.cartIdField("_id"), qty: cart.cartQty })
  .transform(({ _id, qty }) => ({ id: _id, qty }));

/** `DELETE /api/cart/delete-cart-item`: {_id}. */
export const restDeleteLineSchema = z.object({ _id: cart.cartIdField("_id") }).transform(({ _id }) => ({ id: _id }));

// The cart's calls as the contract answers them (the domain function, then the translator).

export const getCart = async (userId: string) => toRestCart(await cart.getCart(userId));

export async function addToCart(userId: string, productId: string) {
  const { line, created } = await cart.addToCart(userId, productId);
  return { line: toRestCartLine(line), created };
}

export async function addToCartReturningCart(userId: string, productId: string) {
  const { cart: after, created } = await cart.addToCartReturningCart(userId, productId);
  return { cart: toRestCart(after), created };
}

export const mergeGuestCart = async (userId: string, items: readonly GuestCartItem[]) =>
  toRestCart(await cart.mergeGuestCart(userId, items));
