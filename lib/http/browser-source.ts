import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { frontendOrigins } from "./frontend-origins";
import { CROSS_SITE_MESSAGE, requestOrigins } from "./same-origin";

// Where a browser says a request came from, for calls that act on a GET (which any page can fire with an <img> or a
// link, and which the proxy's Origin rule, made for POST/PUT/PATCH/DELETE, does not cover): /api/user/logout.

/** "trusted": the shop itself or FRONTEND_URL; "foreign": another site; "unknown": no browser signal at all. */
export type BrowserSource = "trusted" | "foreign" | "unknown";

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Reads, in order: `Origin` (sent on every cross-origin fetch, so the SPA on FRONTEND_URL is recognised by it), then
 * `Sec-Fetch-Site` (same-origin, or none for a typed URL), then `Referer`. Trusted origins are APP_URL's, the
 * request's own (requestOrigins: the Host the browser used) and FRONTEND_URL's. A `Sec-Fetch-Site` of cross-site or
 * same-site with neither Origin nor Referer naming a trusted origin is foreign.
 */
export function browserSource(request: Request, appUrl: string = env().APP_URL): BrowserSource {
  const trusted = new Set<string | null>([
    ...requestOrigins(request),
    originOf(appUrl),
    ...frontendOrigins(),
  ]);
  trusted.delete(null);
  const origin = request.headers.get("origin");
  if (origin !== null) return trusted.has(origin.trim()) ? "trusted" : "foreign";
  const site = request.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return "trusted";
  const referer = request.headers.get("referer");
  if (referer !== null) return trusted.has(originOf(referer)) ? "trusted" : "foreign";
  return site !== null ? "foreign" : "unknown";
}

/**
 * Refuses (403, the cross-site envelope message) a request that a browser started from another site, and one that
 * carries cookies without saying where it came from (over plain http browsers send no Sec-Fetch-*, and a
 * `referrerpolicy="no-referrer"` link sends no Referer). A request with no cookies and no signal (curl, a mobile
 * app) passes: it has no browser session to end. Callers with a bearer token do not need this check.
 */
export function assertFromTrustedSource(request: Request): void {
  const source = browserSource(request);
  const cookies = (request.headers.get("cookie") ?? "").trim() !== "";
  if (source === "foreign" || (source === "unknown" && cookies))
    throw new AppError("FORBIDDEN", CROSS_SITE_MESSAGE);
}

/**
 * True when a browser says the request came from the shop's own pages (not FRONTEND_URL, not another site): `Origin`
 * is APP_URL's or the request's own, else `Sec-Fetch-Site: same-origin`, else a `Referer` on one of those. The REST
 * answers keep the shop's picture paths relative for its own pages (they work at whatever host the shop was opened
 * at) and make them absolute for everyone else (lib/http/media-urls.ts).
 */
export function isFromShopPage(request: Request, appUrl: string = env().APP_URL): boolean {
  const own = new Set<string | null>([...requestOrigins(request), originOf(appUrl)]);
  own.delete(null);
  const origin = request.headers.get("origin");
  if (origin !== null) return own.has(origin.trim());
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "none") return site === "same-origin";
  const referer = request.headers.get("referer");
  return referer !== null && own.has(originOf(referer));
}

/**
 * Refuses (403, the cross-site envelope message) a request whose `Origin` names another site: neither the shop nor
 * FRONTEND_URL. For calls that set a credential cookie without needing one (REST login): the guard of
 * same-origin.ts looks only at requests that already carry one. No Origin (curl, mobile apps) passes.
 */
export function assertNotForeignOrigin(request: Request): void {
  if (request.headers.get("origin") !== null && browserSource(request) === "foreign")
    throw new AppError("FORBIDDEN", CROSS_SITE_MESSAGE);
}
