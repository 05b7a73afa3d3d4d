import { toRestPartnerHome } from "@/app/api/_rest/partner-app";
import { requirePartner } from "@/lib/auth/partner";
import { handle, ok, readJson } from "@/lib/http/respond";
import { setOnline } from "@/lib/partners/app";
import { availabilitySchema } from "@/lib/partners/app-schema";

// PUT /api/partner/availability {online}: the partner's own Online / Offline (issue 17). Offline during a delivery
// is refused (409, with the order); online may hand a queued order at once (then `assignment` is set).
export const PUT = handle(async (request) => {
  const partner = await requirePartner(request);
  const { online } = await readJson(request, availabilitySchema);
  const home = await setOnline(partner, online);
  const message = home.online
    ? home.delivery
      ? `You are online, with a delivery: ${home.delivery.orderNumber}`
      : "You are online: new orders come to you"
    : "You are offline: no new orders come to you";
  return ok(message, { data: toRestPartnerHome(home) });
});
