import { restPlaceOrderSchema, toRestCashOnDelivery } from "@/app/api/_rest/orders";
import { clientIp } from "@/lib/auth/client-ip";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { placeCashOnDeliveryOrder } from "@/lib/orders";

/**
 * Places a cash-on-delivery order from the caller's cart: 201 with data: [order] and deliveryPartner when one
 * was free (without it, the order waits for the next free partner). An order of the caller's still awaiting card
 * payment is cancelled first. 400 empty cart, 404 address, 409 prices or cart changed / out of stock /
 * Idempotency-Key reused with another body / a 4th open cash order / more than 10 of a product across unpaid
 * orders, 429 too many orders a minute (per account and per address).
 */
export const POST = handle(async (request) => {
  const viewer = await requireUser(request);
  const input = await readJson(request, restPlaceOrderSchema);
  const result = await placeCashOnDeliveryOrder(viewer, input, {
    idempotencyKey: request.headers.get("idempotency-key"),
    ip: clientIp(request.headers),
  });
  const { message, ...payload } = toRestCashOnDelivery(result);
  return ok(message, payload, 201);
});
