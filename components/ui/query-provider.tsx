"use client";

import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { browserQueryClient } from "./query-registry";
import { tellUnseenFailure } from "./unseen-failures";

const newQueryClient = () =>
  new QueryClient({
    // a query that failed after its retries says so
    queryCache: new QueryCache({ onError: tellUnseenFailure }),
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
  });

/**
 * TanStack Query for the screens that use it (the dashboard, the address and coupon screens, the infinite grids):
 * placed around them rather than at the root, so pages without them load none of it. Every provider of a tab shares
 * one client (several may be mounted at once: a page's and a sheet's); a server render gets its own, so no cache is
 * shared between requests.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(() =>
    typeof window === "undefined" ? newQueryClient() : browserQueryClient(newQueryClient),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
