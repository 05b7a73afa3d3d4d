import { requireAdmin } from "@/lib/auth/viewer";
import { validate } from "@/lib/http/parse";
import { handle, ok, readJson } from "@/lib/http/respond";
import { listStoreStock, setStoreStock } from "@/lib/stores";
import { setStockSchema, stockListQuery } from "@/lib/stores/schemas";
import { stockChangesToRest, stockPageToRest } from "../rest";

export const dynamic = "force-dynamic";

// GET /api/store/stock?storeId=koramangala&page=1&limit=20&search=milk&lowStock=1 (admin): a store's shelf, by
// product name; lowStock=1 keeps the products at or below 5 units.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = validate(stockListQuery, {
    storeId: params.get("storeId") ?? undefined,
    page: params.get("page") ?? undefined,
    limit: params.get("limit") ?? undefined,
    search: params.get("search") ?? undefined,
    lowStock: params.get("lowStock") ?? undefined,
  });
  return ok("Store stock", stockPageToRest(await listStoreStock(query)));
});

// PUT /api/store/stock {storeId, items: [{productId, stock}]} (admin): sets each quantity (a stock count), all or
// nothing; any bad row → 400 listing them all, nothing changed.
export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, setStockSchema);
  const changes = await setStoreStock(admin, input);
  const n = changes.length;
  return ok(`Stock updated (${n} ${n === 1 ? "product" : "products"})`, {
    data: stockChangesToRest(input.storeId, changes),
  });
});
