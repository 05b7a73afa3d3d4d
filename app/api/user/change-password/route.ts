import { z } from "zod";
import { changePassword } from "@/lib/accounts";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";

/**
 * currentPassword, newPassword, confirmPassword. Every session ends, the caller's too: a bearer caller gets a
 * fresh token pair in `data`; the web app signs in again with the new password.
 */
export const PUT = handle(async (request) => {
  const viewer = await requireUser(request);
  const body = await readJson(request, z.unknown());
  const { tokens } = await changePassword(viewer, body);
  return ok(
    "Password changed. You have been logged out on your other devices.",
    tokens ? { data: { accesstoken: tokens.accessToken, refreshToken: tokens.refreshToken } } : {},
  );
});
