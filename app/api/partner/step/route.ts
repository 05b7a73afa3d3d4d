import { toRestDelivery } from "@/app/api/_rest/partner-app";
import { requirePartner } from "@/lib/auth/partner";
import { handle, ok, readJson } from "@/lib/http/respond";
import { takeStep } from "@/lib/partners/app";
import { stepSchema } from "@/lib/partners/app-schema";

// PUT /api/partner/step {orderId, step: picked | arrived | delivered | unavailable, code?}. A wrong door code: 400
// with the tries left; five lock the step (409: call the store); a step out of order: 409 naming the current step;
// another partner's order: 404. `data` is the delivery now current (null when none).
export const PUT = handle(async (request) => {
  const partner = await requirePartner(request);
  const body = await readJson(request, stepSchema, "standalone");
  const { message, delivery } = await takeStep(partner, body);
  return ok(message, { data: delivery ? toRestDelivery(delivery) : null });
});
