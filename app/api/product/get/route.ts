import { z } from "zod";
import { listProducts } from "@/app/api/_rest/catalog-calls";
import { ADMIN_PAGE_SIZE, limitSchema, pageSchema, searchTextSchema } from "@/lib/catalog/params";
import { handle, ok, readJson } from "@/lib/http/respond";

const body = z.object({ page: pageSchema, limit: limitSchema(ADMIN_PAGE_SIZE), search: searchTextSchema });

export const POST = handle(async (request) => {
  const input = await readJson(request, body);
  const result = await listProducts(input);
  return ok("Products", { ...result });
});
