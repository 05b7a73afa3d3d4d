import "server-only";
import { FEW_LEFT } from "@/lib/cart/rules";
import { forgetProductDetails } from "@/lib/catalog/details-cache";
import { afterCommit } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { clearStockGate } from "./stock-gate";
import { outOfStockMessage } from "./stock-message";
import type { Tx } from "./tx";

// Stock moves inside the order's transaction (DESIGN.md rule 3), at the order's dark store (issue 16): StoreStock of
// (store, product), never Product.stock (which only mirrors the default store's, by triggers: see README "Dark
// stores"). Taking is one conditional UPDATE per line (stock >= quantity), so whatever the concurrency a store's
// stock never goes below zero: concurrent buyers of one product at one store queue on its row lock and each sees the
// stock the previous one left; buyers at another store take another row and never wait. Lines are always touched in
// product id order, so two orders sharing products cannot deadlock. Every change is a StockMovement of the order
// (SALE when taken, CANCEL or RETURN when put back), written in the same transaction, so the ledger sums to the stock
// at commit: a sale's movement in the same statement as its shelf's update (one statement per line, the row lock held
// for that statement and the commit), a return's before the shelves are touched.

type StockLine = { productId: string; quantity: number; name: string };
export type ReturnReason = "CANCEL" | "RETURN";

export { outOfStockMessage } from "./stock-message";

/** The movements of units put back on the shelf (a sale's are written with its shelf update, in takeStock). */
async function recordReturns(
  tx: Tx,
  storeId: string,
  orderId: string,
  lines: readonly { productId: string; quantity: number }[],
  reason: ReturnReason,
): Promise<void> {
  if (!lines.length) return;
  const products = lines.map((l) => l.productId);
  const deltas = lines.map((l) => l.quantity);
  await tx.$executeRaw`
    INSERT INTO "StockMovement" (id, "storeId", "productId", delta, reason, "orderId")
    SELECT 'mv' || replace(gen_random_uuid()::text, '-', ''), ${storeId}, m.product, m.delta,
           ${reason}::"StockReason", ${orderId}
    FROM unnest(${products}::text[], ${deltas}::int[]) AS m(product, delta)`;
}

/**
 * Takes every line's quantity from the store's shelf or throws OUT_OF_STOCK naming the first product that is short
 * there. Returns the products whose shelf, as pages show it, changed: sold out, or down to "Only N left" (issue 19:
 * stock on pages is never more than ~1 s behind a sale; a count above FEW_LEFT is not shown, so its sale is not).
 */
export async function takeStock(
  tx: Tx,
  storeId: string,
  orderId: string,
  lines: readonly StockLine[],
): Promise<string[]> {
  const sorted = [...lines].sort(byProduct);
  const shownChanged: string[] = [];
  for (const line of sorted) {
    // the shelf and its SALE movement in one statement: nothing is written when the shelf is short
    const rows = await tx.$queryRaw<{ stock: number }[]>`
      WITH taken AS (
        UPDATE "StoreStock" SET stock = stock - ${line.quantity}, "updatedAt" = (now() AT TIME ZONE 'UTC')
        WHERE "storeId" = ${storeId} AND "productId" = ${line.productId} AND stock >= ${line.quantity}
          AND EXISTS (SELECT 1 FROM "Product" p WHERE p.id = ${line.productId} AND p.published)
        RETURNING stock),
      moved AS (
        INSERT INTO "StockMovement" (id, "storeId", "productId", delta, reason, "orderId")
        SELECT 'mv' || replace(gen_random_uuid()::text, '-', ''), ${storeId}, ${line.productId}, ${-line.quantity},
               'SALE'::"StockReason", ${orderId}
        FROM taken)
      SELECT stock FROM taken`;
    if (!rows[0]) {
      const current = await tx.storeStock.findUnique({
        where: { storeId_productId: { storeId, productId: line.productId } },
        select: { stock: true },
      });
      throw new AppError("OUT_OF_STOCK", outOfStockMessage(line.name, current?.stock ?? 0));
    }
    if (rows[0].stock <= FEW_LEFT) shownChanged.push(line.productId);
  }
  forgetAfterCommit(tx, storeId, sorted);
  return shownChanged;
}

/** The store an order took its stock from: its own, or (an order from before stores, null) the default store. */
export async function orderStoreId(tx: Tx, storeId: string | null): Promise<string> {
  if (storeId) return storeId;
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Store" WHERE "isDefault" ORDER BY id LIMIT 1`;
  if (!rows[0]) throw new AppError("CONFLICT", "The shop has no store to return the stock to");
  return rows[0].id;
}

/**
 * Puts an order's quantities back on its store's shelf (`storeId` null: an order from before stores, which sold
 * from what is now the default store). Returns the products that were sold out there and are back in stock.
 */
export async function returnStock(
  tx: Tx,
  storeId: string | null,
  orderId: string,
  lines: readonly Omit<StockLine, "name">[],
  reason: ReturnReason = "CANCEL",
): Promise<string[]> {
  if (!lines.length) return [];
  const store = await orderStoreId(tx, storeId);
  const sorted = [...lines].sort(byProduct);
  await recordReturns(tx, store, orderId, sorted, reason);
  const restocked: string[] = [];
  for (const line of sorted) {
    // a row always exists for a product the store sold; the upsert only guards a shelf removed since
    const rows = await tx.$queryRaw<{ stock: number }[]>`
      INSERT INTO "StoreStock" ("storeId", "productId", stock, "updatedAt")
      VALUES (${store}, ${line.productId}, ${line.quantity}, (now() AT TIME ZONE 'UTC'))
      ON CONFLICT ("storeId", "productId") DO UPDATE
        SET stock = "StoreStock".stock + EXCLUDED.stock, "updatedAt" = EXCLUDED."updatedAt"
      RETURNING stock`;
    if (rows[0] && rows[0].stock === line.quantity) restocked.push(line.productId);
  }
  forgetAfterCommit(tx, store, sorted, { returned: true });
  return restocked;
}

/**
 * Once the transaction has committed (a read before it would keep the old count), this process forgets what it kept
 * of these products' stock: their REST details, and, when units came back, the stock gate's counters (a sale the
 * gate counted itself).
 */
function forgetAfterCommit(tx: Tx, storeId: string, lines: readonly { productId: string }[], { returned = false } = {}) {
  const products = lines.map((l) => l.productId);
  afterCommit(tx, () => {
    forgetProductDetails(storeId, products);
    if (returned) clearStockGate(storeId, products);
  });
}

const byProduct = (a: { productId: string }, b: { productId: string }) =>
  a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0;
