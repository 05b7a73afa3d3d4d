import { toRestCategory } from "@/app/api/_rest/catalog";
import { restDeleteSchema } from "@/app/api/_rest/catalog-calls";
import { requireAdmin } from "@/lib/auth/viewer";
import { deleteCategory } from "@/lib/catalog/admin/categories";
import { handle, ok, readJson } from "@/lib/http/respond";

export const DELETE = handle(async (request) => {
  const admin = await requireAdmin(request);
  const { id } = await readJson(request, restDeleteSchema);
  const data = toRestCategory(await deleteCategory(admin, id));
  return ok("Category deleted", { data });
});
