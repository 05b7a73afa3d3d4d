"use server";

import { cancelLocalCheckout, payLocalCheckout, runOrderAction, type OrderActionResult } from "@/lib/orders";

// The local test checkout's buttons: the same fulfilment functions as Stripe's webhook (lib/orders/fulfilment).

export async function payTestCheckoutAction(sessionId: string): Promise<OrderActionResult<{ orderNumber: string }>> {
  return runOrderAction(async (viewer) => ({
    message: "Payment successful",
    data: await payLocalCheckout(viewer, String(sessionId ?? "")),
  }));
}

export async function cancelTestCheckoutAction(sessionId: string): Promise<OrderActionResult<{ orderNumber: string }>> {
  return runOrderAction(async (viewer) => ({
    message: "Payment cancelled",
    data: await cancelLocalCheckout(viewer, String(sessionId ?? "")),
  }));
}
