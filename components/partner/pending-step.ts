"use client";

import { useCallback, useMemo, useState, useSyncExternalStore } from "react";
import type { PartnerStep } from "@/lib/partners/app-schema";

// A step the partner tapped without a connection, kept in localStorage so a reload or a closed tab loses nothing;
// the app sends it when the connection returns. A step the server then refuses (the store moved the order meanwhile)
// is reported as not sent, with the reason, until the partner dismisses it.

export type PendingStep = { orderId: string; step: PartnerStep; code?: string; at: string };

const KEY = "kw_partner_pending_step";
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function write(value: PendingStep | null) {
  try {
    if (value) window.localStorage.setItem(KEY, JSON.stringify(value));
    else window.localStorage.removeItem(KEY);
  } catch {
    // storage full or blocked: the step stays only in this page
  }
  for (const l of listeners) l();
}

function subscribe(callback: () => void) {
  listeners.add(callback);
  window.addEventListener("storage", callback);
  return () => {
    listeners.delete(callback);
    window.removeEventListener("storage", callback);
  };
}

function parse(raw: string | null): PendingStep | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as PendingStep;
    return value && typeof value.orderId === "string" && typeof value.step === "string" ? value : null;
  } catch {
    return null;
  }
}

export function usePendingStep() {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  const step = useMemo(() => parse(raw), [raw]);
  const [failed, setFailed] = useState<{ step: PendingStep; reason: string } | null>(null);
  const keep = useCallback((s: PendingStep) => write(s), []);
  const clear = useCallback((s: PendingStep) => {
    const current = parse(read());
    if (current && current.at === s.at && current.step === s.step) write(null);
  }, []);
  const notSent = useCallback((s: PendingStep, reason: string) => setFailed({ step: s, reason }), []);
  const dismiss = useCallback(() => setFailed(null), []);
  return useMemo(() => ({ step, failed, keep, clear, notSent, dismiss }), [step, failed, keep, clear, notSent, dismiss]);
}
