import { z } from "zod";
import { idSchema } from "@/lib/catalog/params";
import { listProductsByCategory } from "@/lib/catalog/products";
import { handle, ok, readJson } from "@/lib/http/respond";

const body = z.object({ id: idSchema("id") });

export const POST = handle(async (request) => {
  const { id } = await readJson(request, body);
  const data = await listProductsByCategory(id, { detail: "full" });
  return ok("Products of the category", { data });
});
