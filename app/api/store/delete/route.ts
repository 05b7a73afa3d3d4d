import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { deleteStore } from "@/lib/stores";
import { deleteStoreSchema } from "@/lib/stores/schemas";

// DELETE /api/store/delete {_id}: 409 while the store has open orders (pause it instead) or is the default store.
export const DELETE = handle(async (request) => {
  const admin = await requireAdmin(request);
  const { _id } = await readJson(request, deleteStoreSchema);
  const deleted = await deleteStore(admin, _id);
  return ok(`${deleted.name} deleted`, { data: { _id: deleted.id } });
});
