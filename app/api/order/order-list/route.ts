import { listMyOrders } from "@/app/api/_rest/orders";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok } from "@/lib/http/respond";
import { toOrderListRows } from "./rows";

/**
 * The caller's orders, newest first, one row per ordered line (the original's shape: ./rows.ts), each with the
 * order's orderId and that line's product_details { name, image[] }.
 */
export const GET = handle(async (request) => {
  const viewer = await requireUser(request);
  const data = toOrderListRows(await listMyOrders(viewer));
  return ok("Order list", { data });
});
