"use client";

import { useEffect } from "react";
import { registerLoginHook } from "@/components/auth/login-hooks";
import type { Cart } from "@/lib/cart/types";
import { callAction } from "@/components/ui/use-action";
import { mergeGuestCartAction } from "@/lib/cart/actions";
import { clearGuestCart, GUEST_CART_KEY, readGuestCart } from "./guest-cart";
import { cartResource } from "./use-cart";

// decisions.md: a guest's cart is merged into the account cart at login, before the account's caches are reset.

let inFlight: Promise<Cart | null> | null = null;

/**
 * Sends the browser's guest cart to the signed-in account (the server re-prices and clamps it) and clears it
 * here. One merge at a time per tab: the login hook and a cart fetch may both ask. Returns the merged cart, or
 * null when there was nothing to merge or the merge could not be done now (the guest cart is then kept).
 */
export function mergeGuestCartIntoAccount(): Promise<Cart | null> {
  inFlight ??= (async () => {
    const lines = readGuestCart();
    if (lines.length === 0) return null;
    const result = await callAction(mergeGuestCartAction, {
      items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
    });
    if (result.ok) {
      clearGuestCart();
      return result.data;
    }
    // a guest cart the server refuses outright (damaged storage) would block every later merge
    if (result.code === "VALIDATION") clearGuestCart();
    return null;
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Keeps the cart in step with the world outside this component tree: registers the guest-cart merge as a login
 * hook, and refetches a guest cart changed in another tab. Mounted once, by the header's cart button.
 */
export function useCartBackgroundSync(): void {
  useEffect(
    () =>
      registerLoginHook(async () => {
        const merged = await mergeGuestCartIntoAccount();
        if (merged) await cartResource.invalidate();
      }),
    [],
  );

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === GUEST_CART_KEY) {
        void cartResource.invalidate();
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);
}
