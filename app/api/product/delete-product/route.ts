import { requireAdmin } from "@/lib/auth/viewer";
import { deleteProduct, deleteProductMessage } from "@/lib/catalog/admin/products";
import { deleteSchema } from "@/lib/catalog/admin/schemas";
import { handle, ok, readJson } from "@/lib/http/respond";

export const DELETE = handle(async (request) => {
  const admin = await requireAdmin(request);
  const { _id } = await readJson(request, deleteSchema);
  const result = await deleteProduct(admin, _id);
  return ok(deleteProductMessage(result), { data: result.product, outcome: result.outcome });
});
