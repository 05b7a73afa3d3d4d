import { restPartnerIdSchema, toRestPartner } from "@/app/api/_rest/partners";
import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { deactivatedMessage, deactivatePartner } from "@/lib/partners/accounts";

// PUT /api/delivery-partner/deactivate {_id} (admin, issue 17): signed out everywhere, no sign-in, no new orders.
export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const { partnerId } = await readJson(request, restPartnerIdSchema);
  const result = await deactivatePartner(admin, partnerId);
  return ok(deactivatedMessage(result), { data: toRestPartner(result.partner), activeOrder: result.activeOrder });
});
