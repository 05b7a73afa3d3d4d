"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { LiveBadge } from "./live-badge";
import { useLiveEvents } from "./use-live-events";

const KINDS = ["change"] as const;
/** at most one re-read of the board per this many ms, however many orders change */
const THROTTLE_MS = 1_000;
/** a partner going silent sends no event: the board is read again this often so its flag shows (issue 17) */
const SILENCE_CHECK_MS = 60_000;

/**
 * The admin orders board, live (issue 17): any order's change re-reads the server-rendered board in place, and so does
 * every minute without one (a silent partner is news no event carries).
 */
export function LiveBoard() {
  const router = useRouter();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const state = useLiveEvents("/api/order/events/board", KINDS, () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      router.refresh();
    }, THROTTLE_MS);
  });
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), SILENCE_CHECK_MS);
    return () => clearInterval(timer);
  }, [router]);
  return <LiveBadge state={state} />;
}
