import { requirePartner } from "@/lib/auth/partner";
import { handle, ok, readJson } from "@/lib/http/respond";
import { sharePosition } from "@/lib/partners/app";
import { locationSchema } from "@/lib/partners/app-schema";

// POST /api/partner/location {lat, lng}: the partner's position during a delivery (about every 10 s, with their
// consent); 409 when off duty.
export const POST = handle(async (request) => {
  const partner = await requirePartner(request);
  const body = await readJson(request, locationSchema, "standalone");
  return ok("Location shared", { data: await sharePosition(partner, body) });
});
