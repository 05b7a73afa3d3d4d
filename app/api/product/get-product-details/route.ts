import { z } from "zod";
import { getProductDetails } from "@/app/api/_rest/catalog-calls";
import { idSchema } from "@/lib/catalog/params";
import { handle, ok, readJson } from "@/lib/http/respond";

const body = z.object({ productId: idSchema("productId") });

export const POST = handle(async (request) => {
  const { productId } = await readJson(request, body);
  const data = await getProductDetails(productId);
  return ok("Product details", { data });
});
