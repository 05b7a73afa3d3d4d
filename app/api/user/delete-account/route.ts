import { z } from "zod";
import { deleteAccount } from "@/lib/accounts";
import { clearAuthCookies, parseCookies } from "@/lib/auth/cookies";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";

/** Body { password }. Erases personal data; past orders stay (anonymised). */
export const DELETE = handle(async (request) => {
  const viewer = await requireUser(request);
  const body = await readJson(request, z.unknown());
  await deleteAccount(viewer, body);
  return clearAuthCookies(ok("Your account has been deleted"), parseCookies(request.headers.get("cookie")));
});
