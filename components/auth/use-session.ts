"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Session } from "next-auth";
import { useCallback, useEffect } from "react";
import { fetchSession, onSessionChange } from "./auth-client";

export const SESSION_QUERY_KEY = ["session"] as const;

export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

/**
 * Who is signed in, read from next-auth's /api/auth/session through TanStack Query: one request per page load
 * shared by every reader, again when the tab regains focus, and whenever a sign-in or sign-out is announced (in
 * this tab or another). `update()` re-reads it after a profile change (the server rebuilds it from the database).
 */
export function useSession(): {
  data: Session | null;
  status: SessionStatus;
  update: () => Promise<Session | null>;
} {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: 60_000,
    refetchOnWindowFocus: "always",
    retry: 1,
  });

  useEffect(
    () => onSessionChange(() => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })),
    [queryClient],
  );

  const update = useCallback(
    () => queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 0 }),
    [queryClient],
  );

  const data = query.data ?? null;
  const status: SessionStatus = query.isPending ? "loading" : data ? "authenticated" : "unauthenticated";
  return { data, status, update };
}
