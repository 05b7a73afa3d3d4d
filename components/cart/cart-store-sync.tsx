"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ClientCart } from "./cart-model";
import { CART_QUERY_KEY } from "./use-cart";

/**
 * Re-checks the cart when the shopper's store changes (issue 16, "Changing location re-checks the cart"): the shop's
 * frame renders this with the store the server resolved from the location cookie, so after a change of location
 * (and the refresh that follows it) a cart checked against another store is fetched again, and the lines the new
 * store cannot supply are flagged at once.
 */
export function CartStoreSync({ storeId }: { storeId: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const cart = queryClient.getQueryData<ClientCart>(CART_QUERY_KEY);
    if (cart?.store && cart.store.id !== storeId) void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
  }, [queryClient, storeId]);
  return null;
}
