import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { pauseStore } from "@/lib/stores";
import { pauseStoreSchema } from "@/lib/stores/schemas";
import { storeToRest } from "../rest";

// PUT /api/store/pause {_id, paused, reason}: pausing needs a reason (shoppers see it); resuming clears it.
export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const store = await pauseStore(admin, await readJson(request, pauseStoreSchema));
  return ok(store.paused ? `${store.name} paused` : `${store.name} resumed`, { data: storeToRest(store) });
});
