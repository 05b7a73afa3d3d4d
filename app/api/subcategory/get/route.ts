import { z } from "zod";
import { listSubCategories, listSubCategoriesOfCategory } from "@/app/api/_rest/catalog-calls";
import { idSchema } from "@/lib/catalog/params";
import { handle, ok, readJson } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

// The contract's body is empty; an optional categoryId narrows the list to one category's sub-categories.
const body = z.object({ categoryId: idSchema("categoryId").optional() });

async function respond(categoryId: string | undefined) {
  const data = categoryId ? await listSubCategoriesOfCategory(categoryId) : await listSubCategories();
  return ok("Sub-categories", { data });
}

export const POST = handle(async (request) => {
  const { categoryId } = await readJson(request, body);
  return respond(categoryId);
});

export const GET = handle(async (request) => {
  const param = new URL(request.url).searchParams.get("categoryId");
  const { categoryId } = body.parse(param === null ? {} : { categoryId: param });
  return respond(categoryId);
});
