import { toRestOrder } from "@/app/api/_rest/orders";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { cancelMyOrder, cancelOrderSchema, statusMessage } from "@/lib/orders";

/** The shopper cancels their own order { orderId } while it is placed or packed; a paid order is refunded. */
export const POST = handle(async (request) => {
  const viewer = await requireUser(request);
  const body = await readJson(request, cancelOrderSchema);
  const order = await cancelMyOrder(viewer, body);
  return ok(statusMessage(order), { data: toRestOrder(order) });
});
