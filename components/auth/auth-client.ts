"use client";

import type { Session } from "next-auth";

// The browser side of next-auth's REST endpoints (/api/auth/*), without `next-auth/react`: that client ships a
// regenerator runtime and a provider of its own (≈10 kB gzipped on every page), while the shop needs only three
// calls. The requests are the ones next-auth's own client makes: a CSRF token, then a form post with `json=true`.

const BASE = "/api/auth";
const CHANGED_KEY = "kwikmart.session-changed";

export type SignInResult = { ok: boolean; status: number; error: string | null };

/** The current session (the server re-reads the user on every call), or null for a guest. */
export async function fetchSession(): Promise<Session | null> {
  const res = await fetch(`${BASE}/session`, { cache: "no-store" });
  if (!res.ok) throw new Error(`session: ${res.status}`);
  const body = (await res.json()) as Partial<Session> | null;
  return body?.user?.id ? (body as Session) : null;
}

async function csrfToken(): Promise<string> {
  const res = await fetch(`${BASE}/csrf`, { cache: "no-store" });
  const body = (await res.json()) as { csrfToken?: string };
  if (!body.csrfToken) throw new Error("no CSRF token");
  return body.csrfToken;
}

async function post(path: string, fields: Record<string, string>): Promise<Response> {
  const body = new URLSearchParams({
    ...fields,
    csrfToken: await csrfToken(),
    callbackUrl: window.location.href,
    json: "true",
  });
  return fetch(`${BASE}/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

/** Signs in with e-mail and password (the Credentials provider); the session cookie is httpOnly. */
export async function signInWithCredentials(email: string, password: string): Promise<SignInResult> {
  const res = await post("callback/credentials", { email, password });
  const data = (await res.json().catch(() => ({}))) as { url?: string };
  const error = data.url ? new URL(data.url, window.location.origin).searchParams.get("error") : "Sign-in failed";
  if (res.ok && !error) announceSessionChange();
  return { ok: res.ok && !error, status: res.status, error };
}

/** Ends the session on this device (next-auth clears its cookie). */
export async function signOutSession(): Promise<void> {
  const res = await post("signout", {});
  if (!res.ok) throw new Error(`sign-out: ${res.status}`);
  announceSessionChange();
}

const listeners = new Set<() => void>();

/** Tells this tab's session readers, and other tabs, that who is signed in may have changed. */
export function announceSessionChange(): void {
  for (const listener of listeners) listener();
  try {
    localStorage.setItem(CHANGED_KEY, String(Date.now()));
  } catch {
    // Storage may be unavailable (private mode, quota); other tabs then catch up when they regain focus.
  }
}

/** Calls `listener` when this tab or another one announces a session change; returns the unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CHANGED_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
