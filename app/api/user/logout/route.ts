import { z } from "zod";
import { logout } from "@/lib/accounts";
import { clearAuthCookies, parseCookies } from "@/lib/auth/cookies";
import { verifyAccessToken } from "@/lib/auth/tokens";
import { bearerToken } from "@/lib/auth/viewer-core";
import { assertFromTrustedSource } from "@/lib/http/browser-source";
import { handle, ok, readJson } from "@/lib/http/respond";

const bodySchema = z.object({ refreshToken: z.string().max(200).optional() }).catch({});

/**
 * Ends this session: revokes the refresh family named by the bearer access token (or of a refresh token given as
 * Bearer or body `refreshToken`) and clears the next-auth cookies. Answers 200, so it is safe to repeat.
 * GET stays (the seed's SPA logs out with it), but any page can fire a GET (an <img>, a link): without a bearer token
 * it acts only for the shop itself or FRONTEND_URL, and answers 403 to another site without touching anything.
 */
async function logoutHandler(request: Request) {
  const bearer = bearerToken(request.headers.get("authorization"));
  if (!bearer) assertFromTrustedSource(request);
  const body = request.method === "GET" ? {} : await readJson(request, bodySchema);
  let familyId: string | undefined;
  let refreshToken = body.refreshToken;
  if (bearer?.includes(".")) familyId = (await verifyAccessToken(bearer))?.familyId;
  else if (bearer) refreshToken ??= bearer;
  await logout({ familyId, refreshToken });
  return clearAuthCookies(ok("Logout successfully"), parseCookies(request.headers.get("cookie")));
}

export const GET = handle(logoutHandler);
export const POST = handle(logoutHandler);
