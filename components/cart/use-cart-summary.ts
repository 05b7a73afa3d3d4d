"use client";

import { useResource } from "@/components/ui/client-resource";
import { cartResource } from "./use-cart";

export type CartSummary = {
  /** Sum of the line quantities (spec §9: the badge is the sum of quantities). */
  count: number;
  /** Grand total after discounts, in paise. */
  totalPaise: number;
  /** false until the cart has been read (the server's, or the browser's for a guest) */
  ready: boolean;
};

const EMPTY: CartSummary = { count: 0, totalPaise: 0, ready: false };

/** What the header button and the mobile cart bar show: read from the cart (components/cart/use-cart). */
export function useCartSummary(): CartSummary {
  const cart = useResource(cartResource).data;
  return cart ? { count: cart.totals.count, totalPaise: cart.totals.totalPaise, ready: true } : EMPTY;
}
