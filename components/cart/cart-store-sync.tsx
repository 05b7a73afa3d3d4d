"use client";

import { useEffect } from "react";
import { cartResource } from "./use-cart";

/**
 * Re-checks the cart when the shopper's store changes (issue 16, "Changing location re-checks the cart"): the shop's
 * frame renders this with the store the server resolved from the location cookie, so after a change of location
 * (and the refresh that follows it) a cart checked against another store is fetched again, and the lines the new
 * store cannot supply are flagged at once.
 */
export function CartStoreSync({ storeId }: { storeId: string }) {
  useEffect(() => {
    const cart = cartResource.getState().data;
    if (cart?.store && cart.store.id !== storeId) void cartResource.invalidate();
  }, [storeId]);
  return null;
}
