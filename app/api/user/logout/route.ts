import { z } from "zod";
import { logout } from "@/lib/accounts";
import {
  ACCESS_COOKIE,
  clearAuthCookies,
  parseCookies,
  REFRESH_COOKIE,
  sessionTokenFrom,
} from "@/lib/auth/cookies";
import { verifyAccessToken } from "@/lib/auth/tokens";
import { bearerToken, decodeSessionToken } from "@/lib/auth/viewer-core";
import { assertFromTrustedSource } from "@/lib/http/browser-source";
import { handle, ok, readJson } from "@/lib/http/respond";

const bodySchema = z.object({ refreshToken: z.string().max(200).optional() }).catch({});

/**
 * Ends this session: revokes the refresh family named by the access token (bearer or `accessToken` cookie) or by a
 * refresh token (Bearer, body `refreshToken` or the `refreshToken` cookie), revokes the web session its next-auth
 * cookie names, and clears every auth cookie (next-auth's and the REST cookie session's). Answers 200, so it is safe
 * to repeat. GET stays (the seed's SPA logs out with it), but any page can fire a GET (an <img>, a link): without a
 * bearer token it acts only for the shop itself or FRONTEND_URL, and answers 403 to another site without touching
 * anything.
 */
async function logoutHandler(request: Request) {
  const bearer = bearerToken(request.headers.get("authorization"));
  if (!bearer) assertFromTrustedSource(request);
  const body = request.method === "GET" ? {} : await readJson(request, bodySchema);
  const cookies = parseCookies(request.headers.get("cookie"));
  let familyId: string | undefined;
  let refreshToken = body.refreshToken;
  if (bearer?.includes(".")) familyId = (await verifyAccessToken(bearer))?.familyId;
  else if (bearer) refreshToken ??= bearer;
  const accessCookie = cookies.get(ACCESS_COOKIE);
  if (!familyId && accessCookie) familyId = (await verifyAccessToken(accessCookie))?.familyId;
  const sessionToken = sessionTokenFrom(cookies);
  await logout({
    familyId,
    refreshToken: refreshToken ?? cookies.get(REFRESH_COOKIE),
    webSessionId: sessionToken ? (await decodeSessionToken(sessionToken))?.sid : undefined,
  });
  return clearAuthCookies(ok("Logout successfully"), cookies);
}

export const GET = handle(logoutHandler);
export const POST = handle(logoutHandler);
