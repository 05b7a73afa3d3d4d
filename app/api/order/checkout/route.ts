import { restPlaceOrderSchema, toRestCardCheckout } from "@/app/api/_rest/orders";
import { clientIp } from "@/lib/auth/client-ip";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { placeCardOrder } from "@/lib/orders";

/**
 * Starts an online payment: the order is placed awaiting payment with its stock held (the cart stays as it is until
 * the payment is confirmed), and the answer carries the payment session's `id`, the `url` of the hosted checkout
 * to send the shopper to, and `orderId`. An order of the caller's still awaiting payment is cancelled first. Same
 * errors as cash-on-delivery (429 and the caps' 409s included), plus 503 when the payment provider cannot be
 * reached (the order is then cancelled) and 503 when this shop takes no card payments (no Stripe keys, test
 * payments not allowed: nothing is written).
 */
export const POST = handle(async (request) => {
  const viewer = await requireUser(request);
  const input = await readJson(request, restPlaceOrderSchema);
  const result = await placeCardOrder(viewer, input, {
    idempotencyKey: request.headers.get("idempotency-key"),
    ip: clientIp(request.headers),
  });
  const { message, ...payload } = toRestCardCheckout(result);
  return ok(message, payload, 201);
});
