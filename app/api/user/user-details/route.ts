import { toRestUserDetails } from "@/app/api/_rest/accounts";
import { getUserDetails } from "@/lib/accounts";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok } from "@/lib/http/respond";

export const GET = handle(async (request) => {
  const viewer = await requireUser(request);
  return ok("User details", { data: toRestUserDetails(await getUserDetails(viewer.id)) });
});
