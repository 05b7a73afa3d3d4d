"use client";

import { useMemo } from "react";
import { useSeed } from "@/components/ui/client-resource";
import type { Cart } from "@/lib/cart/types";
import { fromServerCart } from "./cart-model";
import { readGuestCart } from "./guest-cart";
import { cartResource, ServerCartContext } from "./use-cart";

/**
 * A signed-in shopper's cart as the page read it on the server (null for a guest, whose cart is in the browser):
 * the cart readers inside show it from the first paint, and the tab's cart starts from it instead of asking again.
 * A guest cart still waiting to be merged into the account is not hidden behind it: the tab then reads (and merges)
 * as it would without this.
 */
export function ServerCartProvider({ cart, children }: { cart: Cart | null; children: React.ReactNode }) {
  const initial = useMemo(() => (cart ? fromServerCart(cart) : undefined), [cart]);
  useSeed(cartResource, initial, () => readGuestCart().length === 0);
  return <ServerCartContext.Provider value={initial}>{children}</ServerCartContext.Provider>;
}
