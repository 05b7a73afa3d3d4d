import { requireAdmin } from "@/lib/auth/viewer";
import { updateCategory } from "@/lib/catalog/admin/categories";
import { updateCategorySchema } from "@/lib/catalog/admin/schemas";
import { handle, ok, readJson } from "@/lib/http/respond";

export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, updateCategorySchema);
  const data = await updateCategory(admin, input);
  return ok("Category updated", { data });
});
