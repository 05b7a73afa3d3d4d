"use client";

import type { ExternalToast } from "sonner";

// The shop's toasts, with sonner's API (success, error, info, dismiss) but without sonner on the first load:
// sonner and its <Toaster> arrive after hydration (components/ui/lazy-toaster.tsx), and a toast asked for before
// then is shown as soon as the toaster is mounted. This keeps ~10 kB gzipped off every page's initial JavaScript.

type Id = string | number;
type Kind = "success" | "error" | "info";
type Sonner = typeof import("sonner");

let requestToaster: () => void = () => {};
/** Resolves when a toast has been asked for: the lazy toaster then loads at once rather than when idle. */
export const toasterRequested = new Promise<void>((resolve) => (requestToaster = resolve));

let toasterMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (toasterMounted = resolve));
/** Called by the toaster once it listens, so that queued toasts are not lost. */
export const markToasterMounted = () => toasterMounted();

let sonner: Promise<Sonner> | null = null;
function whenReady(): Promise<Sonner> {
  requestToaster();
  return mounted.then(() => (sonner ??= import("sonner")));
}

let seq = 0;
function show(kind: Kind, message: string, options?: ExternalToast): Id {
  const id = options?.id ?? `toast-${++seq}`;
  void whenReady().then(({ toast }) => toast[kind](message, { ...options, id }));
  return id;
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
  dismiss: (id?: Id) => void whenReady().then(({ toast }) => toast.dismiss(id)),
};
