import { toRestCategory } from "@/app/api/_rest/catalog";
import { requireAdmin } from "@/lib/auth/viewer";
import { createCategory } from "@/lib/catalog/admin/categories";
import { categoryFormSchema } from "@/lib/catalog/admin/schemas";
import { handle, ok, readJson } from "@/lib/http/respond";

export const POST = handle(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, categoryFormSchema);
  const data = toRestCategory(await createCategory(admin, input));
  return ok("Category added", { data }, 201);
});
