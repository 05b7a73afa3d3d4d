"use client";

import { useSession } from "@/components/auth/use-session";
import { resetLoadedQueries } from "@/components/ui/query-registry";
import { useEffect, useRef } from "react";
import { loginSettled } from "./login-hooks";

/** The per-user TanStack Query caches (decisions.md), where a screen has loaded them; the cart and the addresses
 * reset themselves (below). */
export const USER_QUERY_KEYS = [["orders"]] as const;

const userResets = new Set<() => Promise<void>>();

/**
 * Adds a per-user client cache that is not TanStack Query's (the cart: components/cart/use-cart; the addresses:
 * components/address/use-addresses) to the reset on a change of user; returns the removal.
 */
export function registerUserReset(reset: () => Promise<void>): () => void {
  userResets.add(reset);
  return () => void userResets.delete(reset);
}

/** Drops the per-user caches (cart, addresses, orders) and refetches the ones on screen (as the new user, or as a guest). */
export async function resetUserQueries(): Promise<void> {
  await Promise.all([
    ...[...userResets].map((reset) => reset()),
    ...USER_QUERY_KEYS.map((queryKey) => resetLoadedQueries(queryKey)),
  ]);
}

/**
 * Watches the session's user id. The first answer after page load only records who is signed in; every later
 * change (login, logout, another account, a session ended elsewhere) resets the cart, address and order caches,
 * after any login hooks (guest-cart merge) have finished.
 */
export function SessionSync() {
  const { data, status } = useSession();
  const seen = useRef<{ userId: string | null } | null>(null);
  const userId = status === "loading" ? undefined : (data?.user?.id ?? null);

  useEffect(() => {
    if (userId === undefined) return;
    const previous = seen.current;
    seen.current = { userId };
    if (!previous || previous.userId === userId) return;
    let cancelled = false;
    void loginSettled().then(() => {
      if (!cancelled) return resetUserQueries();
    });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  return null;
}
