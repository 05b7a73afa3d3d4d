import { toRestSubCategory } from "@/app/api/_rest/catalog";
import { requireAdmin } from "@/lib/auth/viewer";
import { subCategoryFormSchema } from "@/lib/catalog/admin/schemas";
import { createSubCategory } from "@/lib/catalog/admin/subcategories";
import { handle, ok, readJson } from "@/lib/http/respond";

export const POST = handle(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, subCategoryFormSchema);
  const data = toRestSubCategory(await createSubCategory(admin, input));
  return ok("Sub category added", { data }, 201);
});
