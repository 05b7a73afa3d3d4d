import { z } from "zod";
import { getProductDetails } from "@/app/api/_rest/catalog-calls";
import { requestStoreId, restStoreIdField } from "@/app/api/_rest/stores";
import { idSchema } from "@/lib/catalog/params";
import { handle, ok, readJson } from "@/lib/http/respond";

const body = z.object({ productId: idSchema("productId"), storeId: restStoreIdField });

export const POST = handle(async (request) => {
  const { productId, storeId } = await readJson(request, body);
  const data = await getProductDetails(productId, await requestStoreId(request, storeId));
  return ok("Product details", { data });
});
