import { requireAdmin } from "@/lib/auth/viewer";
import { deleteSchema } from "@/lib/catalog/admin/schemas";
import { deleteSubCategory } from "@/lib/catalog/admin/subcategories";
import { handle, ok, readJson } from "@/lib/http/respond";

export const DELETE = handle(async (request) => {
  await requireAdmin(request);
  const { _id } = await readJson(request, deleteSchema);
  const data = await deleteSubCategory(_id);
  return ok("Sub category deleted", { data });
});
