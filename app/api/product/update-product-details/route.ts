import { requireAdmin } from "@/lib/auth/viewer";
import { updateProduct } from "@/lib/catalog/admin/products";
import { updateProductSchema } from "@/lib/catalog/admin/schemas";
import { handle, ok, readJson } from "@/lib/http/respond";

export const PUT = handle(async (request) => {
  await requireAdmin(request);
  const input = await readJson(request, updateProductSchema);
  const data = await updateProduct(input);
  return ok("Product updated", { data });
});
