import { requireStoreWorker } from "@/lib/auth/staff";
import { handle, ok } from "@/lib/http/respond";
import { pickList } from "@/lib/orders/picklist";
import { pickListToRest } from "../rest";

export const dynamic = "force-dynamic";

// GET /api/store/picklist?storeId= (a store's staff: their store, storeId optional; an admin: storeId required):
// the store's placed orders, oldest first, lines grouped by category with their ticks and short marks.
export const GET = handle(async (request) => {
  const worker = await requireStoreWorker(request);
  const list = await pickList(worker, new URL(request.url).searchParams.get("storeId"));
  return ok("Pick list", { data: pickListToRest(list) });
});
