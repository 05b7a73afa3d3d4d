import { toRestOrder } from "@/app/api/_rest/orders";
import { requireStoreWorker } from "@/lib/auth/staff";
import { handle, ok, readJson } from "@/lib/http/respond";
import { packedMessage, packPickedOrder } from "@/lib/orders/picklist";
import { packOrderSchema } from "@/lib/orders/picklist-schema";

// PUT /api/store/picklist/packed {orderId} (staff or admin): placed → packed, handed to dispatch. 409 until every line
// is ticked or short (naming the lines left), or when the order is no longer placed; 404 another store's order.
export const PUT = handle(async (request) => {
  const worker = await requireStoreWorker(request);
  const { orderId } = await readJson(request, packOrderSchema);
  const order = await packPickedOrder(worker, orderId);
  return ok(packedMessage(order), { data: toRestOrder(order) });
});
