"use server";

import { abandonPendingPayment, runOrderAction, type OrderActionResult } from "@/lib/orders";

const MESSAGES = {
  cancelled: "Payment cancelled. Your items are back in your cart.",
  paid: "Your payment went through after all; the order is placed.",
  unchanged: "",
} as const;

/** The shopper came back from the payment page through its cancel link: release their unpaid order. */
export async function abandonPaymentAction(
  orderNumber: string,
): Promise<OrderActionResult<"cancelled" | "paid" | "unchanged">> {
  return runOrderAction(async (viewer) => {
    const outcome = await abandonPendingPayment(viewer, String(orderNumber ?? ""));
    return { message: MESSAGES[outcome], data: outcome };
  });
}
