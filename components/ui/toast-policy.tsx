"use client";

import { useEffect } from "react";
import { toast, useSonner } from "sonner";

/** Spec §4 / §9: 4 s for error or blank, 2 s for success, loading until dismissed, at most 20 kept. */
export const TOAST_DURATION_MS = { default: 4_000, success: 2_000 } as const;
export const MAX_TOASTS = 20;

/**
 * Enforces the parts of the toast rules sonner cannot express as Toaster props, for every caller of
 * `toast.*` (nobody has to remember a wrapper):
 * - a success toast created without its own `duration` is re-issued under the same id with 2 s
 *   (sonner updates it in place and restarts its timer);
 * - when more than 20 toasts are active, the oldest are dismissed.
 */
export function ToastPolicy() {
  const { toasts } = useSonner();

  useEffect(() => {
    for (const t of toasts) {
      if (t.type === "success" && t.duration === undefined) {
        toast.success(t.title, { id: t.id, duration: TOAST_DURATION_MS.success });
      }
    }
    // useSonner lists the newest first.
    for (const t of toasts.slice(MAX_TOASTS)) toast.dismiss(t.id);
  }, [toasts]);

  return null;
}
