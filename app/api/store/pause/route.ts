import { requireStoreWorker } from "@/lib/auth/staff";
import { handle, ok, readJson } from "@/lib/http/respond";
import { pauseStoreSchema } from "@/lib/stores/schemas";
import { pauseWorkStore } from "@/lib/stores/staff-work";
import { storeToRest } from "../rest";

// PUT /api/store/pause {_id, paused, reason}: pausing needs a reason (shoppers see it); resuming clears it. Admins for
// any store; a store's staff for their own store (issue 16; another store is 404).
export const PUT = handle(async (request) => {
  const worker = await requireStoreWorker(request);
  const store = await pauseWorkStore(worker, await readJson(request, pauseStoreSchema));
  return ok(store.paused ? `${store.name} paused` : `${store.name} resumed`, { data: storeToRest(store) });
});
