import { z } from "zod";
import { clientIp } from "@/lib/auth/client-ip";
import { parseCookies, REFRESH_COOKIE, tokenCookies } from "@/lib/auth/cookies";
import { rotateRefreshToken } from "@/lib/auth/tokens";
import { bearerToken } from "@/lib/auth/viewer-core";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { frontendOrigins } from "@/lib/http/frontend-origins";
import { handle, ok, readJson } from "@/lib/http/respond";
import { CROSS_SITE_MESSAGE, isCrossSiteCookieRequest } from "@/lib/http/same-origin";
import { consume } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";

const bodySchema = z.object({
  refreshToken: z.string({ error: "refreshToken must be a string" }).max(200).optional(),
});

/**
 * Rotates a refresh token (body `refreshToken`, Bearer, or the `refreshToken` cookie of a cookie-only client, who then
 * gets the new pair as cookies too); reuse of a rotated token revokes its family.
 */
export const POST = handle(async (request) => {
  await consume(`refresh:ip:${clientIp(request.headers)}`, LIMITS.refreshPerIp);
  const body = await readJson(request, bodySchema);
  const given = body.refreshToken || bearerToken(request.headers.get("authorization"));
  const cookie = given ? undefined : parseCookies(request.headers.get("cookie")).get(REFRESH_COOKIE);
  if (cookie && isCrossSiteCookieRequest(request, env().APP_URL, frontendOrigins()))
    throw new AppError("FORBIDDEN", CROSS_SITE_MESSAGE);
  const token = given || cookie;
  if (!token) throw new AppError("UNAUTHENTICATED", "Send the refresh token as Bearer or as refreshToken");
  const { accessToken, refreshToken } = await rotateRefreshToken(token);
  const response = ok("New access token issued", { data: { accessToken, refreshToken } });
  if (cookie) for (const c of tokenCookies({ accessToken, refreshToken })) response.cookies.set(c);
  return response;
});
