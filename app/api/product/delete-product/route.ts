import { toRestProduct } from "@/app/api/_rest/catalog";
import { restDeleteSchema } from "@/app/api/_rest/catalog-calls";
import { requireAdmin } from "@/lib/auth/viewer";
import { deleteProduct, deleteProductMessage } from "@/lib/catalog/admin/products";
import { handle, ok, readJson } from "@/lib/http/respond";

export const DELETE = handle(async (request) => {
  const admin = await requireAdmin(request);
  const { id } = await readJson(request, restDeleteSchema);
  const result = await deleteProduct(admin, id);
  return ok(deleteProductMessage(result), { data: toRestProduct(result.product), outcome: result.outcome });
});
