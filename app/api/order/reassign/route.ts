import { toRestReassigned } from "@/app/api/_rest/orders";
import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { cancelOrderSchema } from "@/lib/orders";
import { reassignOrder } from "@/lib/orders/reassign";

/**
 * Admin (issue 17): { orderId } — a placed or packed order goes to another free partner of its store (its partner
 * went silent). 404 unknown order; 409 no partner to replace, the order already out, or nobody else free.
 */
export const PUT = handle(async (request) => {
  const viewer = await requireAdmin(request);
  const { orderId } = await readJson(request, cancelOrderSchema);
  const result = await reassignOrder(viewer, orderId);
  return ok(result.message, { data: toRestReassigned(result) });
});
