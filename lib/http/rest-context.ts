import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

// What one REST call (a route handler wrapped by handle(), lib/http/respond.ts) carries besides its request:
// - cookies to set on its answer, whatever the answer turns out to be: a cookie session renewed while the caller was
//   resolved (lib/auth/viewer.ts) must reach the client even when the call then fails (409 out of stock), or the
//   client would keep a refresh token that was already rotated;
// - where its picture URLs point: relative for the shop's own pages, absolute on APP_URL for everyone else.

export type CookieSpec = {
  name: string;
  value: string;
  httpOnly: boolean;
  sameSite: "lax" | "none";
  secure: boolean;
  path: string;
  /** seconds; 0 removes the cookie */
  maxAge: number;
};

type RestContext = { mediaBase: string | null; cookies: CookieSpec[] };

const context = new AsyncLocalStorage<RestContext>();

/** Runs `work` as one REST call; `mediaBase` is APP_URL for callers that need absolute picture URLs, else null. */
export function inRestContext<T>(mediaBase: string | null, work: () => T): T {
  return context.run({ mediaBase, cookies: [] }, work);
}

/** The base for absolute picture URLs in this call's answer; null for the shop's own pages and outside a REST call. */
export function restMediaBase(): string | null {
  return context.getStore()?.mediaBase ?? null;
}

/** True inside a REST call, whose answer can still take cookies. */
export function canSetResponseCookies(): boolean {
  return context.getStore() !== undefined;
}

/** Cookies for this call's answer (a later one of the same name replaces an earlier one). False outside a REST call. */
export function queueResponseCookies(cookies: CookieSpec[]): boolean {
  const store = context.getStore();
  if (!store) return false;
  for (const cookie of cookies) {
    store.cookies = store.cookies.filter((c) => c.name !== cookie.name);
    store.cookies.push(cookie);
  }
  return true;
}

/** A Set-Cookie line (the value URL-encoded, as Next's own cookie writer does). */
export function serializeCookie(cookie: CookieSpec): string {
  const parts = [`${cookie.name}=${encodeURIComponent(cookie.value)}`, `Path=${cookie.path}`];
  parts.push(`Max-Age=${cookie.maxAge}`);
  if (cookie.maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (cookie.httpOnly) parts.push("HttpOnly");
  if (cookie.secure) parts.push("Secure");
  parts.push(`SameSite=${cookie.sameSite === "none" ? "None" : "Lax"}`);
  return parts.join("; ");
}

/**
 * Puts the cookies queued during this call on its answer, except those the handler set itself: it knows better (a
 * password change replaces the pair a renewal queued before it).
 */
export function applyQueuedCookies(response: Response): Response {
  const own = new Set(response.headers.getSetCookie().map((line) => line.slice(0, line.indexOf("=")).trim()));
  const cookies = (context.getStore()?.cookies ?? []).filter((c) => !own.has(c.name));
  if (!cookies.length) return response;
  let out = response;
  try {
    for (const cookie of cookies) out.headers.append("set-cookie", serializeCookie(cookie));
  } catch {
    // an answer with immutable headers (Response.redirect): copy it, then add them
    out = new Response(response.body, response);
    for (const cookie of cookies) out.headers.append("set-cookie", serializeCookie(cookie));
  }
  return out;
}
