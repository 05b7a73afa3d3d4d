import { requireAdmin } from "@/lib/auth/viewer";
import { validate } from "@/lib/http/parse";
import { handle } from "@/lib/http/respond";
import { storeIdQuery } from "@/lib/stores/schemas";
import { storeStockCsv } from "@/lib/stores/stock-csv";

export const dynamic = "force-dynamic";

// GET /api/store/stock/export?storeId=koramangala (admin): the store's shelf as a CSV download
// (product_id, slug, name, unit, stock), the file POST /api/store/stock/import takes back.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const { storeId } = validate(storeIdQuery, {
    storeId: new URL(request.url).searchParams.get("storeId") ?? undefined,
  });
  const csv = await storeStockCsv(storeId);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="kwikmart-${storeId}-stock.csv"`,
      "cache-control": "no-store",
    },
  });
});
