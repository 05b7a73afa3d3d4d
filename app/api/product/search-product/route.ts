import { z } from "zod";
import { toRestSearchPage } from "@/app/api/_rest/catalog";
import { requestStoreId, restStoreIdField } from "@/app/api/_rest/stores";
import {
  limitSchema,
  pageSchema,
  SEARCH_PAGE_SIZE,
  searchTextSchema,
  sortSchema,
} from "@/lib/catalog/params";
import { cachedSearchProducts } from "@/lib/catalog/search-cache";
import { handle, ok, readJson } from "@/lib/http/respond";

// Up to 200 characters are accepted (longer → 400); the search reads the first 100. Empty text → empty page.
const body = z.object({
  search: searchTextSchema,
  page: pageSchema,
  limit: limitSchema(SEARCH_PAGE_SIZE),
  sort: sortSchema,
  storeId: restStoreIdField,
});

export const POST = handle(async (request) => {
  const { search, storeId, ...paging } = await readJson(request, body);
  const store = await requestStoreId(request, storeId);
  const result = toRestSearchPage(
    await cachedSearchProducts({ storeId: store, q: search, ...paging, detail: "full" }),
  );
  return ok("Search results", { ...result });
});
