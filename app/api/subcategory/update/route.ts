import { toRestSubCategory } from "@/app/api/_rest/catalog";
import { restUpdateSubCategorySchema } from "@/app/api/_rest/catalog-calls";
import { requireAdmin } from "@/lib/auth/viewer";
import { updateSubCategory } from "@/lib/catalog/admin/subcategories";
import { handle, ok, readJson } from "@/lib/http/respond";

export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, restUpdateSubCategorySchema);
  const data = toRestSubCategory(await updateSubCategory(admin, input));
  return ok("Sub category updated", { data });
});
