import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import {
  addCorsHeaders,
  addVaryOrigin,
  corsOrigin,
  isApiPath,
  isPreflight,
  preflightResponse,
} from "@/lib/http/cors";
import { contentSecurityPolicy, newNonce, type CspOptions } from "@/lib/http/csp";
import { parseOrigins } from "@/lib/http/origin-list";
import { REQUEST_ID_HEADER, requestIdOf } from "@/lib/http/request-id";
import { CROSS_SITE_MESSAGE, isCrossSiteCookieRequest } from "@/lib/http/same-origin";
import { cacheablePage, lateScriptPage } from "@/lib/page-cache/routes";
import { servePage, serveThrough } from "@/lib/page-cache/serve";
import { LOCATION_COOKIE, parseLocation, serializeLocation } from "@/lib/stores/location";

// The edge of every page, of NextAuth's routes and of CORS preflights (not static files, images, /media or the other
// API calls, whose edge is the route wrapper's: lib/http/api-edge.ts):
// 1. a Content-Security-Policy with a fresh script nonce, handed to Next's renderer on the request (it puts the nonce
//    on its own scripts) and sent to the browser on the response;
// 2. CORS with credentials on /api/* for the origins of FRONTEND_URL only (lib/http/cors.ts): preflights answered here,
//    the other answers get the headers on their way out;
// 3. cross-site state-changing API calls that carry a credential cookie are refused (lib/http/same-origin.ts);
// 4. a request id (lib/http/request-id.ts) for the log lines of the request and the X-Request-Id of its response;
// 5. the page cache (lib/page-cache): product, listing, home and search pages rendered once per page and location,
//    served from memory with a policy listing their inline scripts' hashes instead of a nonce; the cart and checkout
//    are rendered through it per request, for their script files to load after the first paint as well;
// 6. coarse redirects (DESIGN.md): a guest opening an account page goes to /login and comes back afterwards.
//    Whether the session is still live (sessionVersion, status) and the ADMIN role are checked in lib, where the data
//    is touched; admin pages show "Do not have permission" to other users (spec §6).

const appUrl = () => process.env.APP_URL || "http://localhost:3000";

/** The pages the old matcher ["/user", "/dashboard/:path*"] sent to /login. */
const isAccountPage = (path: string) =>
  path === "/user" || path === "/dashboard" || path.startsWith("/dashboard/");

type Stamp = { policy: string; requestId: string };

function stamped<T extends Response>(response: T, { policy, requestId }: Stamp): T {
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

const dev = () => process.env.NODE_ENV === "development";

function policyOptions(): CspOptions {
  return {
    dev: dev(),
    https: appUrl().startsWith("https://"),
    uploadThing: !!process.env.UPLOADTHING_TOKEN?.trim(),
    mapTiles: process.env.MAP_TILE_URL?.trim(),
  };
}

/**
 * The page from the page cache when it is one it keeps, or the cart or checkout rendered through it (else null:
 * render it for this request).
 */
async function fromPageCache(request: NextRequest, requestId: string): Promise<Response | null> {
  // `next dev` compiles pages on request; PAGE_CACHE=off renders every page per request, as before issue 19
  if (dev() || process.env.PAGE_CACHE === "off") return null;
  const chosen = parseLocation(request.cookies.get(LOCATION_COOKIE)?.value);
  const load = {
    method: request.method,
    pathname: request.nextUrl.pathname,
    searchParams: request.nextUrl.searchParams,
    headers: request.headers,
    location: chosen && { name: LOCATION_COOKIE, value: serializeLocation(chosen) },
  };
  const options = policyOptions();
  const serve = {
    requestId,
    origin: request.nextUrl.origin,
    policy: (scriptHashes: readonly string[]) => contentSecurityPolicy({ ...options, scriptHashes }),
  };
  const page = cacheablePage(load);
  if (page) return servePage(page, serve);
  const through = lateScriptPage({ ...load, search: request.nextUrl.search, cookie: request.headers.get("cookie") });
  return through && serveThrough(through, serve);
}

export async function proxy(request: NextRequest) {
  const requestId = requestIdOf(request.headers);
  // first, before any nonce is made: a cached page is a GET of a shop page (no account page, no API call, nothing the
  // cross-site rule refuses) and carries its own policy
  const cached = await fromPageCache(request, requestId);
  if (cached) return cached;

  const stamp: Stamp = { requestId, policy: contentSecurityPolicy({ ...policyOptions(), nonce: newNonce() }) };

  const api = isApiPath(request.nextUrl.pathname);
  const frontend = parseOrigins(process.env.FRONTEND_URL);
  const cors = api ? corsOrigin(request, frontend) : null;
  if (cors && isPreflight(request)) return stamped(preflightResponse(request, cors), stamp);

  if (isCrossSiteCookieRequest(request, appUrl(), frontend)) {
    const refusal = NextResponse.json(
      { success: false, error: true, message: CROSS_SITE_MESSAGE },
      { status: 403 },
    );
    if (api) addVaryOrigin(refusal.headers);
    return stamped(refusal, stamp);
  }

  if (isAccountPage(request.nextUrl.pathname)) {
    const secret = process.env.NEXTAUTH_SECRET ?? process.env.AUTH_SECRET;
    const secureCookie = (process.env.APP_URL ?? "").startsWith("https://");
    const token = secret ? await getToken({ req: request, secret, secureCookie }) : null;
    if (!token?.sub) {
      const login = new URL("/login", request.url);
      login.searchParams.set("callbackUrl", `${request.nextUrl.pathname}${request.nextUrl.search}`);
      return stamped(NextResponse.redirect(login), stamp);
    }
  }

  // Next reads the nonce from the policy on the request and stamps it on every script it renders.
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", stamp.policy);
  headers.set(REQUEST_ID_HEADER, stamp.requestId);
  const response = NextResponse.next({ request: { headers } });
  // Next copies these headers onto the route handler's answer.
  if (cors) addCorsHeaders(response.headers, cors);
  else if (api) addVaryOrigin(response.headers);
  return stamped(response, stamp);
}

export const config = {
  matcher: [
    // Pages: everything but build assets, images, the /media routes and the JSON API (their bytes need no nonce, and
    // skipping them keeps the proxy off the hot paths).
    "/((?!api/|_next/static/|_next/image|media/|favicon\\.ico$|robots\\.txt$|sitemap\\.xml$|.*\\.(?:svg|png|jpe?g|gif|webp|avif|ico|woff2?)$).*)",
    // The JSON API's edge (policy, request id, CORS, the cross-site check) is the route wrapper's (lib/http/api-edge.ts);
    // the proxy keeps NextAuth's own routes and answers CORS preflights, which reach no wrapped handler.
    "/api/auth/:path*",
    { source: "/api/:path*", has: [{ type: "header", key: "access-control-request-method" }] },
  ],
};
