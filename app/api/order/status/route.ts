import { toRestOrder } from "@/app/api/_rest/orders";
import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { orderStatusSchema, statusMessage, updateOrderStatus } from "@/lib/orders";

/** Admin: { orderId, status } with status PACKED, OUT_FOR_DELIVERY, DELIVERED or CANCELLED (one step at a time). */
export const PUT = handle(async (request) => {
  const viewer = await requireAdmin(request);
  const body = await readJson(request, orderStatusSchema);
  const order = await updateOrderStatus(viewer, body);
  return ok(statusMessage(order), { data: toRestOrder(order) });
});
