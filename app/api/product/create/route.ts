import { toRestProduct } from "@/app/api/_rest/catalog";
import { requireAdmin } from "@/lib/auth/viewer";
import { createProduct } from "@/lib/catalog/admin/products";
import { productFormSchema } from "@/lib/catalog/admin/schemas";
import { handle, ok, readJson } from "@/lib/http/respond";

export const POST = handle(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, productFormSchema);
  const data = toRestProduct(await createProduct(admin, input));
  return ok("Product uploaded successfully", { data }, 201);
});
