import { z } from "zod";
import { listProductsBySubCategory } from "@/app/api/_rest/catalog-calls";
import { idSchema, limitSchema, LISTING_PAGE_SIZE, pageSchema, sortSchema } from "@/lib/catalog/params";
import { handle, ok, readJson } from "@/lib/http/respond";

// One handler for the contract's misspelt path and its correctly spelt alias; both route files re-export it.

const body = z.object({
  categoryId: idSchema("categoryId"),
  subCategoryId: idSchema("subCategoryId"),
  page: pageSchema,
  limit: limitSchema(LISTING_PAGE_SIZE),
  sort: sortSchema,
});

export const POST = handle(async (request) => {
  const input = await readJson(request, body);
  const result = await listProductsBySubCategory({ ...input, detail: "full" });
  return ok("Products of the sub-category", { ...result });
});
