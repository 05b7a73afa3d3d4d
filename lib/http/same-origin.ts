// Cross-site request forgery guard for the REST calls (app/api) that a browser authenticates with a cookie.
// SameSite=Lax already keeps the cookies off most cross-site POSTs; this is the second lock, for older browsers and
// for sibling sites (same-site is not same-origin). Checked in proxy.ts for every /api request, and again where a
// route handler resolves its viewer (lib/auth/viewer.ts), so no handler can miss it.
// No `server-only` import: the proxy bundle loads this module too.

import { forwardedList, trustedEntry, trustedProxies } from "./forwarded";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Not guarded: next-auth's own routes (their forms carry next-auth's CSRF token) and the payment webhook (a
 * server-to-server call, authenticated by its signature).
 */
const EXEMPT_PATHS = [/^\/api\/auth(?:\/|$)/, /^\/api\/order\/webhook\/?$/];

/**
 * The cookies that make a request act as someone: the next-auth session (whole or chunked), the reset grant, and the
 * REST cookie session (`accessToken` / `refreshToken`, set by POST /api/user/login for cookie-only clients).
 */
const CREDENTIAL_COOKIE =
  /^(?:__Secure-)?next-auth\.session-token(?:\.\d+)?$|^km_reset$|^accessToken$|^refreshToken$/;

export const CROSS_SITE_MESSAGE =
  "This request came from another site and was refused. Use the shop itself, or call the API with a bearer token.";

function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return header.split(";").map((part) => part.split("=", 1)[0]!.trim());
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The origins this request was addressed to, as the browser saw them: the `Host` header (never `request.url`, which
 * Next rewrites to the host it listens on), and behind trusted proxies (TRUST_PROXY >= 1) the `X-Forwarded-Host` /
 * `-Proto` the outermost of them wrote. Without a trusted proxy a forwarded header is the client's word and is ignored.
 */
export function requestOrigins(request: Request): string[] {
  const url = new URL(request.url);
  const scheme = url.protocol.replace(/:$/, "");
  const origins: string[] = [];
  const add = (proto: string | undefined, host: string | undefined) => {
    const origin = host ? originOf(`${proto ?? scheme}://${host}`) : null;
    if (origin && !origins.includes(origin)) origins.push(origin);
  };
  // every HTTP/1.1 request names its Host; a Request built in code (tests, internal calls) may not
  add(scheme, request.headers.get("host") ?? url.host);
  if (trustedProxies() >= 1) {
    const proto = trustedEntry(forwardedList(request.headers.get("x-forwarded-proto")))?.toLowerCase();
    const host = trustedEntry(forwardedList(request.headers.get("x-forwarded-host")));
    add(proto === "https" || proto === "http" ? proto : undefined, host);
  }
  return origins;
}

/**
 * True when a state-changing call carries a credential cookie and the browser says it was started by another origin:
 * by `Origin` (any origin but APP_URL's and the request's own, see requestOrigins, and for /api calls FRONTEND_URL's;
 * the opaque "null" too), else by `Sec-Fetch-Site` (anything but same-origin or a typed URL), else by `Referer`. A call
 * with none of these is not a browser's cross-site call (curl, mobile apps) and passes; bearer-token calls carry no
 * cookie and always pass. `frontend` (FRONTEND_URL's origins; the caller reads the variable, since the proxy bundle
 * cannot load the server-only reader) is trusted for the REST calls only: the shop's pages and server actions are
 * never posted from another front end.
 */
export function isCrossSiteCookieRequest(
  request: Request,
  appUrl: string,
  frontend: readonly string[] = [],
): boolean {
  if (!STATE_CHANGING.has(request.method.toUpperCase())) return false;
  const url = new URL(request.url);
  if (EXEMPT_PATHS.some((path) => path.test(url.pathname))) return false;
  if (!cookieNames(request.headers.get("cookie")).some((name) => CREDENTIAL_COOKIE.test(name))) return false;
  // A bearer token is the caller's own credential: browsers never add one by themselves, and a page of another site
  // cannot send the header without a CORS preflight, which only FRONTEND_URL passes. A REST client whose cookie jar
  // kept the login cookies still passes with it from anywhere, as before those cookies existed.
  if (/^Bearer\s+\S+/i.test(request.headers.get("authorization") ?? "")) return false;

  const api = url.pathname === "/api" || url.pathname.startsWith("/api/");
  const trusted = new Set<string | null>([
    ...requestOrigins(request),
    originOf(appUrl),
    ...(api ? frontend : []),
  ]);
  const origin = request.headers.get("origin");
  if (origin !== null) return !trusted.has(origin.trim());
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin" && site !== "none";
  const referer = request.headers.get("referer");
  if (referer !== null) return !trusted.has(originOf(referer));
  return false;
}
