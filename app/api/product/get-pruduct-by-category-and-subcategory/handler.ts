import { z } from "zod";
import { listProductsBySubCategory } from "@/app/api/_rest/catalog-calls";
import { requestStoreId, restStoreIdField } from "@/app/api/_rest/stores";
import { idSchema, limitSchema, LISTING_PAGE_SIZE, pageSchema, sortSchema } from "@/lib/catalog/params";
import { handle, ok, readJson } from "@/lib/http/respond";

// One handler for the contract's misspelt path and its correctly spelt alias; both route files re-export it.

const body = z.object({
  categoryId: idSchema("categoryId"),
  subCategoryId: idSchema("subCategoryId"),
  page: pageSchema,
  limit: limitSchema(LISTING_PAGE_SIZE),
  sort: sortSchema,
  storeId: restStoreIdField,
});

export const POST = handle(async (request) => {
  const { storeId, ...input } = await readJson(request, body);
  const result = await listProductsBySubCategory({
    ...input,
    storeId: await requestStoreId(request, storeId),
    detail: "full",
  });
  return ok("Products of the sub-category", { ...result });
});
