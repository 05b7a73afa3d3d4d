import { restTipSchema, toRestTipCheckout } from "@/app/api/_rest/orders";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { startTipAfterDelivery } from "@/lib/orders";

/**
 * A tip after delivery (issue 18): `{orderId, tip}` (rupees, ₹1–₹200, whole rupees) for the caller's own DELIVERED
 * order opens the tip's own card checkout; 201 `data: {id, url, orderId, tip}` — send the shopper to `url`. The tip
 * goes on the order's bill once the payment is confirmed. 400 for a bad amount, 404 for an order that is not the
 * caller's, 409 for an order not delivered or one with a tip after delivery already paid or waiting for payment,
 * 503 when the shop takes no card payments.
 */
export const POST = handle(async (request) => {
  const viewer = await requireUser(request);
  const body = await readJson(request, restTipSchema);
  const { message, ...payload } = toRestTipCheckout(await startTipAfterDelivery(viewer, body));
  return ok(message, payload, 201);
});
