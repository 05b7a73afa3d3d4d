"use client";

import { useRouter } from "next/navigation";
import { useRef } from "react";
import { LiveBadge } from "./live-badge";
import { useLiveEvents } from "./use-live-events";

const KINDS = ["change"] as const;
/** at most one re-read of the board per this many ms, however many orders change */
const THROTTLE_MS = 1_000;

/** The admin orders board, live (issue 17): any order's change re-reads the server-rendered board in place. */
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
  return <LiveBadge state={state} />;
}
