import { z } from "zod";
import { listProductsByCategory } from "@/app/api/_rest/catalog-calls";
import { requestStoreId, restStoreIdField } from "@/app/api/_rest/stores";
import { idSchema } from "@/lib/catalog/params";
import { handle, ok, readJson } from "@/lib/http/respond";

const body = z.object({ id: idSchema("id"), storeId: restStoreIdField });

export const POST = handle(async (request) => {
  const { id, storeId } = await readJson(request, body);
  const data = await listProductsByCategory(await requestStoreId(request, storeId), id, { detail: "full" });
  return ok("Products of the category", { data });
});
