import { z } from "zod";
import { requireAdmin } from "@/lib/auth/viewer";
import { getProductDetails } from "@/lib/catalog/products";
import { updateProduct } from "@/lib/catalog/admin/products";
import { idField, updateProductSchema } from "@/lib/catalog/admin/schemas";
import { handle, ok, parseWith, readBody } from "@/lib/http/respond";

const target = z.looseObject({ _id: idField("_id") });

// A REST client may send only what changes ({_id, price}); the fields sent replace the stored ones, and the
// result is validated as a whole, exactly as the admin form's full submission is.
export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const body = await readBody(request);
  const { _id } = parseWith(target, body);
  const current = await getProductDetails(_id);
  const stored = {
    name: current.name,
    description: current.description,
    image: current.image,
    category: current.category.map((c) => c._id),
    subCategory: current.subCategory.map((s) => s._id),
    unit: current.unit,
    stock: current.stock,
    price: current.price,
    discount: current.discount,
    more_details: current.more_details,
  };
  const input = parseWith(updateProductSchema, { ...stored, ...(body as object) });
  const data = await updateProduct(admin, input);
  return ok("Product updated", { data });
});
