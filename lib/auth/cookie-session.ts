import "server-only";
import { isAppError } from "@/lib/errors";
import { canSetResponseCookies, queueResponseCookies } from "@/lib/http/rest-context";
import { clearedTokenCookies, tokenCookies } from "./cookies";
import { renewRefreshToken } from "./tokens";
import type { Viewer } from "./viewer-core";

// The REST cookie session (issue 15, F1): a client that keeps no tokens of its own (the seed's SPA) holds the
// accessToken and refreshToken cookies set at login. When the access cookie has expired (the browser drops it after
// its 15 minutes) and the refresh cookie is valid, the protected call that notices rotates the pair and sets the new
// cookies on its own answer, so the client stays signed in for the refresh token's life.

/**
 * How long a rotated refresh cookie still answers for its owner (without new cookies): the sibling calls a page fires
 * together with the same expired pair. Reuse after that revokes the family, as for POST /api/user/refresh-token.
 */
export const ROTATION_GRACE_MS = 30_000;

/**
 * The viewer of a call that carries only a refresh cookie (or an expired access cookie beside it), renewing the pair
 * on this call's answer; null, with both cookies cleared, when the refresh token is unknown, expired, revoked or
 * reused. Outside a REST call (no answer to carry new cookies) nothing is rotated.
 */
export async function viewerFromRefreshCookie(refreshToken: string): Promise<Viewer | null> {
  if (!canSetResponseCookies()) return null;
  try {
    const { pair, owner, familyId } = await renewRefreshToken(refreshToken, ROTATION_GRACE_MS);
    if (pair) queueResponseCookies(tokenCookies(pair));
    return { ...owner, via: "token", familyId, tokenInCookie: true };
  } catch (error) {
    if (!isAppError(error) || error.code !== "UNAUTHENTICATED") throw error;
    queueResponseCookies(clearedTokenCookies());
    return null;
  }
}
