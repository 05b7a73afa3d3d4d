import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { createStore } from "@/lib/stores";
import { createStoreSchema } from "@/lib/stores/schemas";
import { storeToRest } from "../rest";

export const POST = handle(async (request) => {
  const admin = await requireAdmin(request);
  const store = await createStore(admin, await readJson(request, createStoreSchema));
  return ok("Store created", { data: storeToRest(store) }, 201);
});
