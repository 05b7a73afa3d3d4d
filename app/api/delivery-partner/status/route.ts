import { toRestPartner } from "@/app/api/_rest/partners";
import { requireAdmin } from "@/lib/auth/viewer";
import { partnerStatusSchema } from "@/lib/catalog/admin/schemas";
import { handle, ok, readJson } from "@/lib/http/respond";
import { partnerStatusMessage, setPartnerAvailability } from "@/lib/partners/admin";

export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, partnerStatusSchema);
  const data = toRestPartner(await setPartnerAvailability(admin, input));
  return ok(partnerStatusMessage(input.isAvailable), { data });
});
