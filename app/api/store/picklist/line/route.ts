import { requireStoreWorker } from "@/lib/auth/staff";
import { handle, ok, readJson } from "@/lib/http/respond";
import { markPickLine } from "@/lib/orders/picklist";
import { pickLineSchema } from "@/lib/orders/picklist-schema";
import { pickOrderToRest } from "../../rest";

// PUT /api/store/picklist/line {orderId, lineId, picked?: boolean, short?: number} (staff or admin): ticks a line,
// marks units short (0 clears) or unticks it. 404 another store's order or a line not on it; 409 no longer placed.
export const PUT = handle(async (request) => {
  const worker = await requireStoreWorker(request);
  const order = await markPickLine(worker, await readJson(request, pickLineSchema));
  return ok("Line saved", { data: pickOrderToRest(order) });
});
