import { requireStoreWorker } from "@/lib/auth/staff";
import { handle, ok, readJson } from "@/lib/http/respond";
import { receiveStockSchema } from "@/lib/stores/staff-schema";
import { receivedMessage, receiveWorkStock } from "@/lib/stores/staff-work";
import { receivedToRest } from "../../rest";

// POST /api/store/stock/receive {storeId, productId, quantity} (the store's staff for their store, or an admin):
// a delivery added to the shelf, a RECEIVE movement. 404 unknown (or another staff's) store, unknown product.
export const POST = handle(async (request) => {
  const worker = await requireStoreWorker(request);
  const input = await readJson(request, receiveStockSchema);
  const change = await receiveWorkStock(worker, input);
  return ok(receivedMessage(change), { data: receivedToRest(input.storeId, change) });
});
