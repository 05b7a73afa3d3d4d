import { z } from "zod";
import { loginWithTokens } from "@/lib/accounts";
import { clientIp } from "@/lib/auth/client-ip";
import { handle, ok, readJson } from "@/lib/http/respond";

// REST login: returns tokens for API clients; it does not sign a browser in (the web app uses next-auth).
export const POST = handle(async (request) => {
  const body = await readJson(request, z.unknown());
  const { accessToken, refreshToken } = await loginWithTokens(body, { ip: clientIp(request.headers) });
  return ok("Login successfully", { data: { accesstoken: accessToken, refreshToken } });
});
