import { z } from "zod";
import { loginWithTokens } from "@/lib/accounts";
import { clientIp } from "@/lib/auth/client-ip";
import { tokenCookies } from "@/lib/auth/cookies";
import { assertNotForeignOrigin } from "@/lib/http/browser-source";
import { handle, ok, readJson } from "@/lib/http/respond";

/**
 * REST login: returns the tokens in the body for API clients and, as the original server did, also sets them as the
 * httpOnly `accessToken` and `refreshToken` cookies for cookie-only clients (the seed's SPA on FRONTEND_URL). It does
 * not sign a browser into the web app (that is next-auth). A browser page of another site (an Origin that is neither
 * the shop nor FRONTEND_URL) is refused: it could not read the answer anyway, and must not plant a session cookie.
 */
export const POST = handle(async (request) => {
  assertNotForeignOrigin(request);
  const body = await readJson(request, z.unknown());
  const { accessToken, refreshToken } = await loginWithTokens(body, { ip: clientIp(request.headers) });
  const response = ok("Login successfully", { data: { accesstoken: accessToken, refreshToken } });
  for (const cookie of tokenCookies({ accessToken, refreshToken })) response.cookies.set(cookie);
  return response;
});
