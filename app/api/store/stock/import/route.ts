import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";
import { importStockSchema } from "@/lib/stores/schemas";
import { importedMessage, importStoreStockCsv } from "@/lib/stores/stock-csv";
import { stockChangesToRest } from "../../rest";

// POST /api/store/stock/import {storeId, csv} (admin): sets the store's quantities from a CSV (a header with
// product_id or slug, and stock or quantity). All or nothing: any bad line → 400 listing each by its line number,
// nothing changed. Applied lines are IMPORT movements.
export const POST = handle(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, importStockSchema);
  const changes = await importStoreStockCsv(admin, input.storeId, input.csv);
  return ok(importedMessage(changes), { data: stockChangesToRest(input.storeId, changes) });
});
