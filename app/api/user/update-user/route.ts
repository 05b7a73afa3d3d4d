import { z } from "zod";
import { toRestUserDetails } from "@/app/api/_rest/accounts";
import { EMAIL_CHANGE_SENT, updateProfile } from "@/lib/accounts";
import { clientIp } from "@/lib/auth/client-ip";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";

/**
 * name, email, mobile; role, password and any other field are ignored. A different e-mail needs `currentPassword`
 * (403 without it or when it is wrong, and nothing changes) and switches only once the link sent to the new address
 * is opened: until then `data.email` is the old one and `data.pending_email` the new one (issue 20 #4).
 */
export const PUT = handle(async (request) => {
  const viewer = await requireUser(request);
  const body = await readJson(request, z.unknown());
  const { user, emailChangeSentTo } = await updateProfile(viewer, body, { ip: clientIp(request.headers) });
  return ok(emailChangeSentTo ? EMAIL_CHANGE_SENT(emailChangeSentTo) : "Profile updated successfully", {
    data: toRestUserDetails(user),
  });
});
