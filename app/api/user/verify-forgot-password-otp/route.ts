import { z } from "zod";
import { verifyResetCode } from "@/lib/accounts";
import { GRANT_MINUTES } from "@/lib/accounts/password-reset";
import { clientIp } from "@/lib/auth/client-ip";
import { resetGrantCookie } from "@/lib/auth/cookies";
import { handle, ok, readJson } from "@/lib/http/respond";

/** A right code grants one password reset: as the httpOnly km_reset cookie (web) and data.resetToken (REST). */
export const PUT = handle(async (request) => {
  const body = await readJson(request, z.unknown());
  const { resetToken } = await verifyResetCode(body, { ip: clientIp(request.headers) });
  const response = ok("Code verified. Choose a new password.", { data: { resetToken } });
  response.cookies.set(resetGrantCookie(resetToken, GRANT_MINUTES * 60));
  return response;
});
