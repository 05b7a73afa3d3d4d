import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { invitedMessage, inviteStaff } from "@/lib/stores/staff";
import { inviteStaffSchema } from "@/lib/stores/staff-schema";
import { staffToRest } from "../../rest";

// POST /api/store/staff/invite {storeId, email, name} (admin, issue 16): a STAFF account at the store and an e-mailed
// single-use link to set a password (48 hours). 201 for a new member, 200 for a re-sent invitation; 404 unknown store;
// 409 e-mail taken by another account or another store's staff, or a member who already set a password.
export const POST = handle(async (request) => {
  const admin = await requireAdmin(request);
  const result = await inviteStaff(admin, await readJson(request, inviteStaffSchema));
  return ok(
    invitedMessage(result),
    {
      data: staffToRest(result.staff),
      invitation: { email: result.staff.email, sent: result.mailed, expiresAt: result.expiresAt.toISOString() },
    },
    result.resent ? 200 : 201,
  );
});
