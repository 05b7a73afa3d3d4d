"use client";

import { useEffect } from "react";
import { toast } from "./toast";

// The safety net under every server call of the shop's screens: a failure that no caller turned into a message
// (a server action refused or answered with something other than its result, a query that gave up, an exception
// in a click handler's promise) still tells the shopper what happened and what to do. Callers that show their own
// message catch their errors first, so this only speaks when nothing else did.

export const UNSEEN_FAILURE_TEXT =
  "Something went wrong and the shop could not finish that. Check your connection, reload the page and try again.";

const TOAST_ID = "unseen-failure";

/** Errors that are part of normal work: an aborted fetch on navigation, Next's redirect and not-found signals. */
function isBenign(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  if (reason.name === "AbortError") return true;
  const digest = (reason as Error & { digest?: unknown }).digest;
  return typeof digest === "string" && digest.startsWith("NEXT_");
}

/** Tells the shopper about a failure nothing else reported (a benign one stays quiet). */
export function tellUnseenFailure(reason: unknown) {
  if (isBenign(reason)) return;
  toast.error(UNSEEN_FAILURE_TEXT, { id: TOAST_ID });
}

/** Shows a toast for a promise rejection that nothing handled (server actions called from a click, for example). */
export function useUnseenFailureToasts() {
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => tellUnseenFailure(event.reason);
    window.addEventListener("unhandledrejection", onRejection);
    return () => window.removeEventListener("unhandledrejection", onRejection);
  }, []);
}
