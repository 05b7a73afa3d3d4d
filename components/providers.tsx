"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SessionProvider } from "next-auth/react";
import { useState } from "react";
import { Toaster } from "sonner";
import { SessionSync } from "@/components/auth/session-sync";
import { TOAST_DURATION_MS, ToastPolicy } from "@/components/ui/toast-policy";

export function Providers({ children }: { children: React.ReactNode }) {
  // One client per browser tab; created lazily so server renders never share a cache between requests.
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } }),
  );

  // The session lives in next-auth's httpOnly cookie; the provider reads /api/auth/session once per page load (and
  // when the tab regains focus), so the shop's server-rendered pages stay free of per-user data.
  return (
    <SessionProvider>
      <QueryClientProvider client={queryClient}>
        <SessionSync />
        {children}
        {/*
        Toasts (spec §4): error and blank 4 s (the Toaster default below), success 2 s, loading until dismissed
        (sonner never auto-closes a loading toast). sonner 2 has no per-type duration and no cap on how many toasts
        it keeps (`visibleToasts` only limits how many are drawn), so <ToastPolicy> applies the 2 s to success
        toasts that set no duration of their own and dismisses the oldest beyond 20.
      */}
        <Toaster
          position="top-center"
          richColors
          closeButton
          duration={TOAST_DURATION_MS.default}
          visibleToasts={5}
          toastOptions={{ duration: TOAST_DURATION_MS.default }}
        />
        <ToastPolicy />
      </QueryClientProvider>
    </SessionProvider>
  );
}
