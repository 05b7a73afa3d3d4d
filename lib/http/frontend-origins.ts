import "server-only";
import { hasCrossSiteOrigin, parseOrigins } from "./origin-list";

/**
 * The origins named by FRONTEND_URL: a comma-separated list of the other web front ends (e.g. the seed's SPA) allowed
 * to use the shop's API from a browser, with credentials (CORS, the cross-site guard, the REST cookie session).
 * Unset, blank or malformed entries give nothing; paths are dropped (`https://spa.example/app` →
 * `https://spa.example`). Read on each call, so tests and restarts see changes. (proxy.ts, which cannot load
 * server-only modules, parses the variable itself with lib/http/origin-list.ts.)
 */
export function frontendOrigins(value: string | undefined = process.env.FRONTEND_URL): string[] {
  return parseOrigins(value);
}

/**
 * True when some FRONTEND_URL origin is on another site than `appUrl`: its browser sends SameSite=Lax cookies on none
 * of its page's calls to the shop.
 */
export function hasCrossSiteFrontend(appUrl: string): boolean {
  return hasCrossSiteOrigin(appUrl, frontendOrigins());
}
