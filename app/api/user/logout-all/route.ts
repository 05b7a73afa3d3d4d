import { logoutEverywhere } from "@/lib/accounts";
import { clearAuthCookies, parseCookies } from "@/lib/auth/cookies";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok } from "@/lib/http/respond";

/** Logout everywhere: every web session, access token and refresh token of the caller ends. */
export const POST = handle(async (request) => {
  const viewer = await requireUser(request);
  await logoutEverywhere(viewer);
  return clearAuthCookies(ok("Logged out on every device"), parseCookies(request.headers.get("cookie")));
});
