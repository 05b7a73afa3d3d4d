import { z } from "zod";
import { resetPassword } from "@/lib/accounts";
import { clientIp } from "@/lib/auth/client-ip";
import { parseCookies, RESET_COOKIE, resetGrantCookie } from "@/lib/auth/cookies";
import { handle, ok, readJson } from "@/lib/http/respond";

/** Needs a verified code: the km_reset cookie, or `resetToken` in the body. Every session ends on success. */
export const PUT = handle(async (request) => {
  const body = await readJson(request, z.unknown());
  await resetPassword(body, {
    ip: clientIp(request.headers),
    resetToken: parseCookies(request.headers.get("cookie")).get(RESET_COOKIE),
  });
  const response = ok("Password updated. Please log in with your new password.");
  response.cookies.set(resetGrantCookie("", 0));
  return response;
});
