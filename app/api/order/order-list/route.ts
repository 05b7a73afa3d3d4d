import { requireUser } from "@/lib/auth/viewer";
import { handle, ok } from "@/lib/http/respond";
import { listMyOrders } from "@/lib/orders";

/** The caller's orders, newest first, each with orderId and product_details { name, image[] }. */
export const GET = handle(async (request) => {
  const viewer = await requireUser(request);
  const data = await listMyOrders(viewer);
  return ok("Order list", { data });
});
