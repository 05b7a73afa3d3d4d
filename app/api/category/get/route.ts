import { listCategoriesForApi } from "@/app/api/_rest/catalog-calls";
import { handle, ok } from "@/lib/http/respond";

// Route handlers read uncached: the page cache (lib/catalog/cache.ts) is for server components, and REST
// clients get the database's current answer.
export const dynamic = "force-dynamic";

export const GET = handle(async () => {
  const data = await listCategoriesForApi();
  return ok("Categories", { data });
});
