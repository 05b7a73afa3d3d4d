import { z } from "zod";
import { listProductsByCategory } from "@/app/api/_rest/catalog-calls";
import { idSchema } from "@/lib/catalog/params";
import { handle, ok, readJson } from "@/lib/http/respond";

const body = z.object({ id: idSchema("id") });

export const POST = handle(async (request) => {
  const { id } = await readJson(request, body);
  const data = await listProductsByCategory(id, { detail: "full" });
  return ok("Products of the category", { data });
});
