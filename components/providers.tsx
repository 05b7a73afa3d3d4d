"use client";

import { SessionSync } from "@/components/auth/session-sync";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { useUnseenFailureToasts } from "@/components/ui/unseen-failures";

export function Providers({ children }: { children: React.ReactNode }) {
  useUnseenFailureToasts();

  // The session lives in next-auth's httpOnly cookie; useSession (components/auth/use-session) reads
  // /api/auth/session once per page load, so server-rendered shop pages stay free of per-user data. TanStack Query
  // is not provided here: the screens that use it bring it (components/ui/query-provider.tsx), so the shop's first
  // load carries none of it.
  return (
    <>
      <SessionSync />
      {children}
      <LazyToaster />
    </>
  );
}
