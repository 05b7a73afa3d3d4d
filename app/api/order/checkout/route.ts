import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { placeCardOrder, placeOrderSchema } from "@/lib/orders";

/**
 * Starts an online payment: the order is placed with its stock held, and the answer carries the payment
 * session's `id` and the `url` of the hosted checkout to send the shopper to. Same errors as cash-on-delivery,
 * plus 503 when the payment provider cannot be reached (the order is then cancelled and the cart restored) and
 * 503 when this shop takes no card payments (no Stripe keys, test payments not allowed: nothing is written).
 */
export const POST = handle(async (request) => {
  const viewer = await requireUser(request);
  const body = await readJson(request, placeOrderSchema);
  const result = await placeCardOrder(viewer, body, { idempotencyKey: request.headers.get("idempotency-key") });
  const { message, ...payload } = result;
  return ok(message, payload, 201);
});
