"use server";

import {
  placeCardOrder,
  placeCashOnDeliveryOrder,
  runOrderAction,
  type CardCheckoutResult,
  type CashOnDeliveryResult,
  type OrderActionResult,
} from "@/lib/orders";

// The checkout page's buttons. Same domain functions as POST /api/order/cash-on-delivery and /checkout; the page
// sends the cart as it shows it, its totals and an Idempotency-Key made when it mounted.

export async function placeCashOnDeliveryAction(
  input: unknown,
  idempotencyKey: string,
): Promise<OrderActionResult<Omit<CashOnDeliveryResult, "message">>> {
  return runOrderAction(async (viewer) => {
    const { message, ...data } = await placeCashOnDeliveryOrder(viewer, input, { idempotencyKey });
    return { message, data };
  });
}

export async function startOnlinePaymentAction(
  input: unknown,
  idempotencyKey: string,
): Promise<OrderActionResult<Omit<CardCheckoutResult, "message">>> {
  return runOrderAction(async (viewer) => {
    const { message, ...data } = await placeCardOrder(viewer, input, { idempotencyKey });
    return { message, data };
  });
}
