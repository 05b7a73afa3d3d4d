import { toRestPartnerHome } from "@/app/api/_rest/partner-app";
import { requirePartner } from "@/lib/auth/partner";
import { handle, ok } from "@/lib/http/respond";
import { partnerHome } from "@/lib/partners/app";

// GET /api/partner/assignment: the partner's current delivery (`data`, or null), with `online` and `today` beside it.
export const GET = handle(async (request) => {
  const partner = await requirePartner(request);
  const home = await partnerHome(partner);
  const rest = toRestPartnerHome(home);
  return ok(home.delivery ? "Current delivery" : "No delivery right now", {
    data: rest.assignment,
    online: rest.online,
    today: rest.today,
  });
});
