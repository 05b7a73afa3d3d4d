// CORS for the REST calls (/api/*), for the origins named by FRONTEND_URL only, with credentials: a front end served
// elsewhere (the seed's SPA) logs in with the accessToken/refreshToken cookies and calls the API from its own origin.
// Any other origin gets no CORS headers, so its page cannot read an answer, and the cross-site guard
// (same-origin.ts) still refuses its cookie-bearing writes. Applied by proxy.ts, which runs on every /api request.
// No `server-only` import: the proxy bundle loads this module.

export const CORS_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
/** What the contract's clients send: JSON bodies, a bearer token, an idempotency key, a store choice. */
const ALLOWED_HEADERS = [
  "Content-Type",
  "Authorization",
  "Idempotency-Key",
  "X-Requested-With",
  "X-Store-Id",
];
/** Readable by the front end's script: the id to quote when reporting a problem, and when to retry after a 429. */
const EXPOSED_HEADERS = "X-Request-Id, Retry-After";
/** Preflight answers may be cached by the browser for 10 minutes. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

const HEADER_NAME = /^[A-Za-z0-9-]{1,64}$/;

export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** The request's Origin when it is one of `frontend` (FRONTEND_URL's origins), else null (no CORS for it). */
export function corsOrigin(request: Request, frontend: readonly string[]): string | null {
  const origin = request.headers.get("origin")?.trim() ?? null;
  return origin && frontend.includes(origin) ? origin : null;
}

/** A CORS preflight: OPTIONS naming the method it asks for. */
export function isPreflight(request: Request): boolean {
  return request.method.toUpperCase() === "OPTIONS" && request.headers.has("access-control-request-method");
}

/** The headers of an answer to a FRONTEND_URL origin: its origin echoed, credentials allowed. */
export function addCorsHeaders(headers: Headers, origin: string): void {
  headers.set("Access-Control-Allow-Origin", origin);
  headers.set("Access-Control-Allow-Credentials", "true");
  headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  addVaryOrigin(headers);
}

/** Every /api answer depends on Origin (CORS headers or not, absolute image URLs or not): caches must key on it. */
export function addVaryOrigin(headers: Headers): void {
  const vary = headers.get("vary");
  const names = (vary ?? "").split(",").map((v) => v.trim().toLowerCase());
  if (!names.includes("origin")) headers.set("Vary", vary ? `${vary}, Origin` : "Origin");
}

/**
 * The 204 answer to a preflight from a FRONTEND_URL origin: the methods of the contract and the headers it asks for
 * (the usual ones always; others it names, when they are well-formed header names).
 */
export function preflightResponse(request: Request, origin: string): Response {
  const asked = (request.headers.get("access-control-request-headers") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter((h) => HEADER_NAME.test(h));
  const allowed = [...ALLOWED_HEADERS];
  for (const name of asked) {
    if (!allowed.some((a) => a.toLowerCase() === name.toLowerCase())) allowed.push(name);
  }
  const headers = new Headers();
  addCorsHeaders(headers, origin);
  headers.set("Access-Control-Allow-Methods", CORS_METHODS);
  headers.set("Access-Control-Allow-Headers", allowed.join(", "));
  headers.set("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_SECONDS));
  headers.set("Vary", "Origin, Access-Control-Request-Method, Access-Control-Request-Headers");
  return new Response(null, { status: 204, headers });
}
