import { z } from "zod";
import { toRestUserDetails } from "@/app/api/_rest/accounts";
import { updateProfile } from "@/lib/accounts";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";

/** name, email, mobile; role, password and any other field are ignored. */
export const PUT = handle(async (request) => {
  const viewer = await requireUser(request);
  const body = await readJson(request, z.unknown());
  return ok("Profile updated successfully", { data: toRestUserDetails(await updateProfile(viewer, body)) });
});
