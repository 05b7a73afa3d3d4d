import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { updateStore } from "@/lib/stores";
import { updateStoreSchema } from "@/lib/stores/schemas";
import { storeToRest } from "../rest";

export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const store = await updateStore(admin, await readJson(request, updateStoreSchema));
  return ok("Store updated", { data: storeToRest(store) });
});
