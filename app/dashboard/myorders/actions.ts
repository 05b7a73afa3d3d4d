"use server";

import {
  cancelMyOrder,
  listMyOrders,
  runOrderAction,
  statusMessage,
  type OrderActionResult,
  type OrderDto,
} from "@/lib/orders";

/** The ["orders"] query of My Orders (same data as GET /api/order/order-list). */
export async function listMyOrdersAction(): Promise<OrderActionResult<OrderDto[]>> {
  return runOrderAction(async (viewer) => ({ message: "", data: await listMyOrders(viewer) }));
}

/** Cancel order on the order page (same domain function as POST /api/order/cancel). */
export async function cancelMyOrderAction(orderId: string): Promise<OrderActionResult<OrderDto>> {
  return runOrderAction(async (viewer) => {
    const order = await cancelMyOrder(viewer, { orderId });
    return { message: statusMessage(order), data: order };
  });
}
