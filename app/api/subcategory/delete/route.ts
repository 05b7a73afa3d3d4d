import { toRestSubCategory } from "@/app/api/_rest/catalog";
import { restDeleteSchema } from "@/app/api/_rest/catalog-calls";
import { requireAdmin } from "@/lib/auth/viewer";
import { deleteSubCategory } from "@/lib/catalog/admin/subcategories";
import { handle, ok, readJson } from "@/lib/http/respond";

export const DELETE = handle(async (request) => {
  const admin = await requireAdmin(request);
  const { id } = await readJson(request, restDeleteSchema);
  const data = toRestSubCategory(await deleteSubCategory(admin, id));
  return ok("Sub category deleted", { data });
});
