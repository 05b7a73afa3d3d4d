import { z } from "zod";
import { listProducts } from "@/app/api/_rest/catalog-calls";
import { requestStoreId, restStoreIdField } from "@/app/api/_rest/stores";
import { ADMIN_PAGE_SIZE, limitSchema, pageSchema, searchTextSchema } from "@/lib/catalog/params";
import { handle, ok, readJson } from "@/lib/http/respond";

const body = z.object({
  page: pageSchema,
  limit: limitSchema(ADMIN_PAGE_SIZE),
  search: searchTextSchema,
  storeId: restStoreIdField,
});

export const POST = handle(async (request) => {
  const { storeId, ...input } = await readJson(request, body);
  const result = await listProducts({ ...input, storeId: await requestStoreId(request, storeId) });
  return ok("Products", { ...result });
});
