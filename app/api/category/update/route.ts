import { toRestCategory } from "@/app/api/_rest/catalog";
import { restUpdateCategorySchema } from "@/app/api/_rest/catalog-calls";
import { requireAdmin } from "@/lib/auth/viewer";
import { updateCategory } from "@/lib/catalog/admin/categories";
import { handle, ok, readJson } from "@/lib/http/respond";

export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, restUpdateCategorySchema);
  const data = toRestCategory(await updateCategory(admin, input));
  return ok("Category updated", { data });
});
