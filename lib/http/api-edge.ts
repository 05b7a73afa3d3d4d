import "server-only";
import { env } from "@/lib/env";
import { addCorsHeaders, addVaryOrigin, corsOrigin } from "./cors";
import { frontendOrigins } from "./frontend-origins";
import { REQUEST_ID_HEADER } from "./request-id";
import { CROSS_SITE_MESSAGE, isCrossSiteCookieRequest } from "./same-origin";

// The edge of a JSON API call, applied by the route wrapper (handle() in ./respond.ts) instead of proxy.ts (issue 19
// item 1): running the proxy on every API call cost REST reads 5–27 % of their throughput, and a JSON answer needs no
// nonce. Preflights and /api/auth/* still go through proxy.ts (its matcher).

/** A JSON answer runs no script and is never framed: one fixed policy, the same for every call. */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; object-src 'none'";

/** The 403 refusal of a cross-site, cookie-carrying write (lib/http/same-origin.ts), or null when the call may run. */
export function crossSiteRefusal(request: Request): Response | null {
  if (!isCrossSiteCookieRequest(request, env().APP_URL, frontendOrigins())) return null;
  return Response.json({ success: false, error: true, message: CROSS_SITE_MESSAGE }, { status: 403 });
}

/** The policy, the request id and CORS (FRONTEND_URL's origins with credentials; Vary: Origin for everyone). */
export function stampApiResponse(response: Response, request: Request, requestId: string): Response {
  let stamped = response;
  try {
    stamped.headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    stamped = new Response(response.body, response); // Response.redirect() and fetch() answers have frozen headers
    stamped.headers.set(REQUEST_ID_HEADER, requestId);
  }
  stamped.headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
  const origin = corsOrigin(request, frontendOrigins());
  if (origin) addCorsHeaders(stamped.headers, origin);
  else addVaryOrigin(stamped.headers);
  return stamped;
}
