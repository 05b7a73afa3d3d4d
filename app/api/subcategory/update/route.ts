import { requireAdmin } from "@/lib/auth/viewer";
import { updateSubCategorySchema } from "@/lib/catalog/admin/schemas";
import { updateSubCategory } from "@/lib/catalog/admin/subcategories";
import { handle, ok, readJson } from "@/lib/http/respond";

export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, updateSubCategorySchema);
  const data = await updateSubCategory(admin, input);
  return ok("Sub category updated", { data });
});
