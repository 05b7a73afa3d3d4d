"use client";

import type { QueryClient, QueryKey } from "@tanstack/react-query";

// TanStack Query's client is loaded only by the screens that use it (components/ui/query-provider.tsx), so the shop's
// first load carries none of it. Code that must touch its caches from anywhere (a login or logout resets the
// per-user ones, an order makes My Orders stale) goes through here: when no screen of this tab has loaded the
// client, there is no cache to change.

let browserClient: QueryClient | null = null;

/** The tab's one client, created by the first QueryProvider to mount (its module owns the construction). */
export function browserQueryClient(create: () => QueryClient): QueryClient {
  browserClient ??= create();
  return browserClient;
}

/** Marks a query stale and refetches it where shown, if the client is loaded. */
export function invalidateLoadedQueries(queryKey: QueryKey): Promise<void> {
  return browserClient ? browserClient.invalidateQueries({ queryKey }) : Promise.resolve();
}

/** Forgets a query and refetches it where shown, if the client is loaded. */
export function resetLoadedQueries(queryKey: QueryKey): Promise<void> {
  return browserClient ? browserClient.resetQueries({ queryKey }) : Promise.resolve();
}
