import { restApprovePartnerSchema, toRestPartner } from "@/app/api/_rest/partners";
import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { approvedMessage, approvePartner } from "@/lib/partners/accounts";

// PUT /api/delivery-partner/approve {_id, email?} (admin, issue 17): creates or links the partner's account and e-mails
// the invitation to set a password. 404 unknown partner; 409 no e-mail known, e-mail taken, deactivated, already set up.
export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, restApprovePartnerSchema);
  const result = await approvePartner(admin, input);
  return ok(approvedMessage(result), {
    data: toRestPartner(result.partner),
    invitation: { email: result.email, sent: result.mailed, expiresAt: result.expiresAt.toISOString() },
  });
});
