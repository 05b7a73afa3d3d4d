import { requireAdmin } from "@/lib/auth/viewer";
import { deleteCategory } from "@/lib/catalog/admin/categories";
import { deleteSchema } from "@/lib/catalog/admin/schemas";
import { handle, ok, readJson } from "@/lib/http/respond";

export const DELETE = handle(async (request) => {
  const admin = await requireAdmin(request);
  const { _id } = await readJson(request, deleteSchema);
  const data = await deleteCategory(admin, _id);
  return ok("Category deleted", { data });
});
