"use client";

import { useEffect } from "react";
import { Toaster } from "sonner";
import { markToasterMounted } from "./toast";
import { TOAST_DURATION_MS, ToastPolicy } from "./toast-policy";

/**
 * Toasts (spec §4): error and blank 4 s (the Toaster default below), success 2 s, loading until dismissed
 * (sonner never auto-closes a loading toast). sonner 2 has no per-type duration and no cap on how many toasts
 * it keeps (`visibleToasts` only limits how many are drawn), so <ToastPolicy> applies the 2 s to success
 * toasts that set no duration of their own and dismisses the oldest beyond 20.
 */
export default function AppToaster() {
  // Effects run child-first: by now <Toaster> has subscribed to sonner's store.
  useEffect(() => markToasterMounted(), []);
  return (
    <>
      <Toaster
        position="top-center"
        richColors
        closeButton
        duration={TOAST_DURATION_MS.default}
        visibleToasts={5}
        toastOptions={{ duration: TOAST_DURATION_MS.default }}
      />
      <ToastPolicy />
    </>
  );
}
