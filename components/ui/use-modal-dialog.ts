"use client";

import { useEffect, type RefObject } from "react";

const TABBABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The elements Tab can reach inside `root`, in order (hidden ones left out). */
export function tabbablesOf(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.closest("[inert]") && el.getClientRects().length > 0,
  );
}

/**
 * Opens a native <dialog> as a modal when the component mounts, and keeps keyboard focus in it: Tab past the
 * last control comes back to the first (Chromium would otherwise move on to the browser's own toolbar), and when
 * the dialog goes away (closed, or unmounted by its parent) focus returns to whatever opened it, if focus would
 * otherwise be left on the page body. `initialFocus` starts focus on that element instead of the first control.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  initialFocus?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || event.defaultPrevented) return;
      const items = tabbablesOf(dialog);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      const inside = active instanceof Node && dialog.contains(active) && active !== dialog;
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener("keydown", onKeyDown);

    return () => {
      dialog.removeEventListener("keydown", onKeyDown);
      // React's development double run of effects: the dialog is still up, so there is nothing to give back yet.
      if (dialog.isConnected && dialog.open) return;
      // Runs after the dialog closed or as it is removed: give focus back unless the app already moved it on.
      const active = document.activeElement;
      const lost = !active || active === document.body || dialog.contains(active);
      if (lost && opener?.isConnected) opener.focus();
    };
    // Refs are stable: this opens once per mount (the parent mounts the dialog to open it).
  }, [ref, initialFocus]);
}
