import { requireAdmin } from "@/lib/auth/viewer";
import { deleteSchema } from "@/lib/catalog/admin/schemas";
import { deleteSubCategory } from "@/lib/catalog/admin/subcategories";
import { handle, ok, readJson } from "@/lib/http/respond";

export const DELETE = handle(async (request) => {
  const admin = await requireAdmin(request);
  const { _id } = await readJson(request, deleteSchema);
  const data = await deleteSubCategory(admin, _id);
  return ok("Sub category deleted", { data });
});
