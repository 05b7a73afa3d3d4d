"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useSession } from "@/components/auth/use-session";
import { useEffect, useRef } from "react";
import { loginSettled } from "./login-hooks";

/** The per-user client caches (decisions.md): reset and refetched whenever the signed-in user changes. */
export const USER_QUERY_KEYS = [["cart"], ["addresses"], ["orders"]] as const;

/** Drops the per-user caches and refetches the ones on screen (as the new user, or as a guest). */
export async function resetUserQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all(USER_QUERY_KEYS.map((queryKey) => queryClient.resetQueries({ queryKey })));
}

/**
 * Watches the session's user id. The first answer after page load only records who is signed in; every later
 * change (login, logout, another account, a session ended elsewhere) resets the cart, address and order caches,
 * after any login hooks (guest-cart merge) have finished.
 */
export function SessionSync() {
  const { data, status } = useSession();
  const queryClient = useQueryClient();
  const seen = useRef<{ userId: string | null } | null>(null);
  const userId = status === "loading" ? undefined : (data?.user?.id ?? null);

  useEffect(() => {
    if (userId === undefined) return;
    const previous = seen.current;
    seen.current = { userId };
    if (!previous || previous.userId === userId) return;
    let cancelled = false;
    void loginSettled().then(() => {
      if (!cancelled) return resetUserQueries(queryClient);
    });
    return () => {
      cancelled = true;
    };
  }, [userId, queryClient]);

  return null;
}
