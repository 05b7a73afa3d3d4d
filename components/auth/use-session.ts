"use client";

import type { Session } from "next-auth";
import { useEffect } from "react";
import { createResource, useResource } from "@/components/ui/client-resource";
import { tellUnseenFailure } from "@/components/ui/unseen-failures";
import { fetchSession, onSessionChange } from "./auth-client";

export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

/** The tab's session as the browser knows it (a resource, not TanStack Query: it is read by every shop page's header). */
export const sessionResource = createResource<Session | null>({
  fetch: fetchSession,
  staleTime: 60_000,
  refetchOnVisible: true,
  retry: 1,
  onError: tellUnseenFailure,
});

let listening = false;

/**
 * Who is signed in, read from next-auth's /api/auth/session: one request per page load shared by every reader,
 * again when the tab becomes visible, and whenever a sign-in or sign-out is announced (in this tab or another).
 * `update()` re-reads it after a profile change (the server rebuilds it from the database).
 */
export function useSession(): {
  data: Session | null;
  status: SessionStatus;
  update: () => Promise<Session | null>;
} {
  const state = useResource(sessionResource);

  useEffect(() => {
    // one listener for the tab's life, however many readers come and go
    if (listening) return;
    listening = true;
    onSessionChange(() => void sessionResource.invalidate());
  }, []);

  const data = state.data ?? null;
  const status: SessionStatus =
    state.status === "pending" ? "loading" : data ? "authenticated" : "unauthenticated";
  return { data, status, update: updateSession };
}

const updateSession = () => sessionResource.fetch({ fresh: true });
