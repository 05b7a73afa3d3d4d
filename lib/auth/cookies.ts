import "server-only";
import type { NextResponse } from "next/server";
import { secureCookies } from "./secret";

// next-auth v4's cookie names: unprefixed over http, `__Secure-` / `__Host-` prefixed over https.
export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;
const AUTH_COOKIE_PREFIXES = [
  "next-auth.session-token",
  "__Secure-next-auth.session-token",
  "next-auth.csrf-token",
  "__Host-next-auth.csrf-token",
  "next-auth.callback-url",
  "__Secure-next-auth.callback-url",
];

/** The password-reset grant cookie set by verify-forgot-password-otp. */
export const RESET_COOKIE = "km_reset";

/**
 * The reset grant as a cookie: httpOnly (only the server reads it), SameSite=Lax, Secure when APP_URL is https, like
 * next-auth's own cookies. `maxAgeSeconds: 0` with an empty value clears it.
 */
export function resetGrantCookie(value: string, maxAgeSeconds: number) {
  return {
    name: RESET_COOKIE,
    value,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: secureCookies(),
    path: "/",
    maxAge: maxAgeSeconds,
  };
}

/** Parses a Cookie header into name → value (first occurrence wins, values URL-decoded when possible). */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value
    }
    out.set(name, value);
  }
  return out;
}

/**
 * The next-auth session JWT from a cookie jar. next-auth splits tokens above ~4 KB into `<name>.0`, `<name>.1` …;
 * ours are small, but the chunked form is read too.
 */
export function sessionTokenFrom(cookies: Map<string, string>): string | undefined {
  for (const name of SESSION_COOKIES) {
    const whole = cookies.get(name);
    if (whole) return whole;
    const chunks: string[] = [];
    for (let i = 0; cookies.has(`${name}.${i}`); i++) chunks.push(cookies.get(`${name}.${i}`)!);
    if (chunks.length) return chunks.join("");
  }
  return undefined;
}

/** Expires every next-auth cookie (and chunk) the browser sent, plus the canonical names, and the reset grant. */
export function clearAuthCookies(response: NextResponse, requestCookies: Map<string, string>): NextResponse {
  const names = new Set<string>([...AUTH_COOKIE_PREFIXES, RESET_COOKIE]);
  for (const name of requestCookies.keys()) {
    if (AUTH_COOKIE_PREFIXES.some((p) => name === p || name.startsWith(`${p}.`))) names.add(name);
  }
  for (const name of names) {
    // Browsers ignore a `__Secure-`/`__Host-` cookie (even an expiring one) without the Secure flag; over https
    // every cookie of the shop is Secure.
    const secure = name.startsWith("__Secure-") || name.startsWith("__Host-") || secureCookies();
    response.cookies.set({ name, value: "", path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure });
  }
  return response;
}
