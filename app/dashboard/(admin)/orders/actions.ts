"use server";

import {
  runOrderAction,
  statusMessage,
  updateOrderStatus,
  type OrderActionResult,
  type OrderDto,
} from "@/lib/orders";

/** The admin's step buttons (same domain function as PUT /api/order/status). */
export async function updateOrderStatusAction(input: unknown): Promise<OrderActionResult<OrderDto>> {
  return runOrderAction(
    async (viewer) => {
      const order = await updateOrderStatus(viewer, input);
      return { message: statusMessage(order), data: order };
    },
    { admin: true },
  );
}
