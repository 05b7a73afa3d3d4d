"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { SessionSync } from "@/components/auth/session-sync";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { failureTellingQueryCache, useUnseenFailureToasts } from "@/components/ui/unseen-failures";

export function Providers({ children }: { children: React.ReactNode }) {
  // One client per browser tab; created lazily so server renders never share a cache between requests.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: failureTellingQueryCache(),
        defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
      }),
  );
  useUnseenFailureToasts();

  // The session lives in next-auth's httpOnly cookie; useSession (components/auth/use-session) reads
  // /api/auth/session once per page load through this client, so server-rendered shop pages stay free of per-user data.
  return (
    <QueryClientProvider client={queryClient}>
      <SessionSync />
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
