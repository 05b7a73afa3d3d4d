import "server-only";
import type { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { hasCrossSiteFrontend } from "@/lib/http/frontend-origins";
import type { CookieSpec } from "@/lib/http/rest-context";
import { secureCookies } from "./secret";
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_DAYS, type TokenPair } from "./tokens";

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

/** The REST cookie session (the names the original server used): set by POST /api/user/login for cookie-only clients. */
export const ACCESS_COOKIE = "accessToken";
export const REFRESH_COOKIE = "refreshToken";

/**
 * SameSite of the cookies a REST client on FRONTEND_URL must get back: Lax, unless the shop is served over https and
 * some FRONTEND_URL origin is on another site, whose browser sends Lax cookies on no request of its page to the shop:
 * then None (which browsers accept only with Secure). The cross-site guard (lib/http/same-origin.ts) keeps other
 * sites' writes out either way.
 */
export function apiCookieSameSite(): "lax" | "none" {
  return secureCookies() && hasCrossSiteFrontend(env().APP_URL) ? "none" : "lax";
}

function apiCookie(name: string, value: string, maxAge: number): CookieSpec {
  return {
    name,
    value,
    httpOnly: true,
    sameSite: apiCookieSameSite(),
    secure: secureCookies(),
    path: "/",
    maxAge,
  };
}

/**
 * The reset grant as a cookie: httpOnly (only the server reads it), SameSite=Lax (None for a cross-site FRONTEND_URL
 * over https, whose reset form must send it back), Secure when APP_URL is https, like next-auth's own cookies.
 * `maxAgeSeconds: 0` with an empty value clears it.
 */
export function resetGrantCookie(value: string, maxAgeSeconds: number): CookieSpec {
  return apiCookie(RESET_COOKIE, value, maxAgeSeconds);
}

/**
 * The REST token pair as httpOnly cookies: the access cookie lives as long as its token (15 minutes), the refresh
 * cookie as long as the refresh token (30 days). When the access cookie is gone or expired, the refresh cookie renews
 * both on the next protected call (lib/auth/cookie-session.ts).
 */
export function tokenCookies(pair: TokenPair): CookieSpec[] {
  return [
    apiCookie(ACCESS_COOKIE, pair.accessToken, ACCESS_TOKEN_SECONDS),
    apiCookie(REFRESH_COOKIE, pair.refreshToken, REFRESH_TOKEN_DAYS * 24 * 60 * 60),
  ];
}

/** Both REST cookies expired, with the attributes they were set with (a browser ignores a mismatched removal). */
export function clearedTokenCookies(): CookieSpec[] {
  return [apiCookie(ACCESS_COOKIE, "", 0), apiCookie(REFRESH_COOKIE, "", 0)];
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

/**
 * Expires every next-auth cookie (and chunk) the browser sent, plus the canonical names, the reset grant and the REST
 * cookie session.
 */
export function clearAuthCookies(response: NextResponse, requestCookies: Map<string, string>): NextResponse {
  const names = new Set<string>(AUTH_COOKIE_PREFIXES);
  for (const name of requestCookies.keys()) {
    if (AUTH_COOKIE_PREFIXES.some((p) => name === p || name.startsWith(`${p}.`))) names.add(name);
  }
  for (const name of names) {
    // Browsers ignore a `__Secure-`/`__Host-` cookie (even an expiring one) without the Secure flag; over https
    // every cookie of the shop is Secure.
    const secure = name.startsWith("__Secure-") || name.startsWith("__Host-") || secureCookies();
    response.cookies.set({ name, value: "", path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure });
  }
  for (const cookie of [resetGrantCookie("", 0), ...clearedTokenCookies()]) response.cookies.set(cookie);
  return response;
}
