import { z } from "zod";
import { logout } from "@/lib/accounts";
import { clearAuthCookies, parseCookies } from "@/lib/auth/cookies";
import { verifyAccessToken } from "@/lib/auth/tokens";
import { bearerToken } from "@/lib/auth/viewer-core";
import { handle, ok, readJson } from "@/lib/http/respond";

const bodySchema = z.object({ refreshToken: z.string().max(200).optional() }).catch({});

/**
 * Ends this session: revokes the refresh family named by the bearer access token (or of a refresh token given as
 * Bearer or body `refreshToken`) and clears the next-auth cookies. Always answers 200, so it is safe to repeat.
 */
async function logoutHandler(request: Request) {
  const bearer = bearerToken(request.headers.get("authorization"));
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
