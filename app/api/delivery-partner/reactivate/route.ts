import { restPartnerIdSchema, toRestPartner } from "@/app/api/_rest/partners";
import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { REACTIVATED_MESSAGE, reactivatePartner } from "@/lib/partners/accounts";

// PUT /api/delivery-partner/reactivate {_id} (admin, issue 17): can sign in again; stays Busy until switched on.
export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const { partnerId } = await readJson(request, restPartnerIdSchema);
  return ok(REACTIVATED_MESSAGE, { data: toRestPartner(await reactivatePartner(admin, partnerId)) });
});
