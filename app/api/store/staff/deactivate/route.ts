import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { deactivateStaff, staffDeactivatedMessage } from "@/lib/stores/staff";
import { restStaffIdSchema, staffToRest } from "../../rest";

// PUT /api/store/staff/deactivate {_id} (admin, issue 16): signed out everywhere at once, no sign-in. 404 unknown;
// 409 already deactivated (inviting them again brings them back).
export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const { staffId } = await readJson(request, restStaffIdSchema);
  const staff = await deactivateStaff(admin, staffId);
  return ok(staffDeactivatedMessage(staff), { data: staffToRest(staff) });
});
