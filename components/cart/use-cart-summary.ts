"use client";

export type CartSummary = {
  /** Sum of the line quantities (spec §9: the badge is the sum of quantities). */
  count: number;
  /** Grand total after discounts, in paise. */
  totalPaise: number;
};

const EMPTY: CartSummary = { count: 0, totalPaise: 0 };

/**
 * Seam for the cart issue: the header button and the mobile cart bar read only this hook.
 * The cart is not built yet, so it always reports an empty cart; the cart work replaces the body
 * with its TanStack Query cart (keeping this return shape).
 */
export function useCartSummary(): CartSummary {
  return EMPTY;
}
