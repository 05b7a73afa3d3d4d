import { z } from "zod";
import { changePassword } from "@/lib/accounts";
import { tokenCookies } from "@/lib/auth/cookies";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";

/**
 * currentPassword, newPassword, confirmPassword. Every session ends, the caller's too: a REST caller gets a fresh
 * token pair in `data` (and as cookies when it came with the cookie session); the web app signs in again with the new
 * password.
 */
export const PUT = handle(async (request) => {
  const viewer = await requireUser(request);
  const body = await readJson(request, z.unknown());
  const { tokens } = await changePassword(viewer, body);
  const response = ok(
    "Password changed. You have been logged out on your other devices.",
    tokens ? { data: { accesstoken: tokens.accessToken, refreshToken: tokens.refreshToken } } : {},
  );
  if (tokens && viewer.tokenInCookie) for (const c of tokenCookies(tokens)) response.cookies.set(c);
  return response;
});
