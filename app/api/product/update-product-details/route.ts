import { toRestProduct } from "@/app/api/_rest/catalog";
import { restProductFields, restTargetSchema, restUpdateProductSchema } from "@/app/api/_rest/catalog-calls";
import { requireAdmin } from "@/lib/auth/viewer";
import { updateProduct } from "@/lib/catalog/admin/products";
import { getProductDetails } from "@/lib/catalog/products";
import { defaultStoreId } from "@/lib/stores/current";
import { handle, ok, parseWith, readBody } from "@/lib/http/respond";

// A REST client may send only what changes ({_id, price}); the fields sent replace the stored ones, and the
// result is validated as a whole, exactly as the admin form's full submission is. Its stock is the default store's
// (issue 16: the contract's product create/update read and write the default store's stock).
export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const body = await readBody(request);
  const { id } = parseWith(restTargetSchema, body);
  const stored = restProductFields(await getProductDetails(id, await defaultStoreId()));
  const input = parseWith(restUpdateProductSchema, { ...stored, ...(body as object) });
  const data = toRestProduct(await updateProduct(admin, input));
  return ok("Product updated", { data });
});
