import "server-only";
import { z } from "zod";
import type { AuditActor } from "@/lib/audit";
import { invalidateStoreStock } from "@/lib/catalog/cache";
import { Prisma, prisma, runTx, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { LOW_STOCK, STOCK_MAX, type SetStockInput, type StockListQuery } from "./schemas";
import { STORE_NOT_FOUND } from "./admin";

// A store's stock, the admin's side (issue 16): set the quantities a store has to sell (a stock count), and page
// through its shelf. Setting is all or nothing: every row is checked first and a request with any bad row changes
// nothing and lists them all (400). Each quantity is set under the row's lock (the lock checkout takes), so a sale
// in flight is never lost: the movement is the difference from the stock found under the lock, a COUNT with the
// admin as its actor. The default store's shelf is mirrored into Product.stock by the database.

export type StockRow = { productId: string; name: string; unit: string; stock: number };
export type StockPage = { data: StockRow[]; totalCount: number; totalNoPage: number; page: number; limit: number };
export type StockChange = { productId: string; name: string; before: number; stock: number };

const rowSchema = z.object({
  productId: z.string({ error: "productId is required" }).trim().min(1, "productId is required").max(64),
  stock: z
    .number({ error: `stock must be a whole number from 0 to ${STOCK_MAX}` })
    .int(`stock must be a whole number from 0 to ${STOCK_MAX}`)
    .min(0, `stock must be a whole number from 0 to ${STOCK_MAX}`)
    .max(STOCK_MAX, `stock must be a whole number from 0 to ${STOCK_MAX}`),
});

async function assertStore(storeId: string): Promise<void> {
  const store = await prisma.store.findUnique({ where: { id: storeId }, select: { id: true } });
  if (!store) throw new AppError("NOT_FOUND", STORE_NOT_FOUND);
}

/** The rows, checked; throws VALIDATION listing every bad row (1-based, as a person counts them). */
async function checkRows(items: readonly unknown[]): Promise<{ productId: string; stock: number; name: string }[]> {
  const problems: { i: number; text: string }[] = [];
  const fieldErrors: Record<string, string[]> = {};
  const bad = (i: number, field: string, message: string, id?: string) => {
    problems.push({ i, text: `row ${i + 1}${id ? ` (${id})` : ""}: ${message}` });
    (fieldErrors[`items.${i}.${field}`] ??= []).push(message);
  };
  const parsed: { i: number; productId: string; stock: number }[] = [];
  items.forEach((item, i) => {
    const row = rowSchema.safeParse(item);
    if (!row.success) {
      const issue = row.error.issues[0]!;
      bad(i, String(issue.path[0] ?? "productId"), issue.message);
    } else parsed.push({ i, ...row.data });
  });
  const products = await prisma.product.findMany({
    where: { id: { in: parsed.map((r) => r.productId) }, published: true },
    select: { id: true, name: true },
  });
  const names = new Map(products.map((p) => [p.id, p.name]));
  const seen = new Set<string>();
  const rows = [];
  for (const r of parsed) {
    const name = names.get(r.productId);
    if (!name) bad(r.i, "productId", "no such product", r.productId);
    else if (seen.has(r.productId)) bad(r.i, "productId", "listed twice", r.productId);
    else rows.push({ productId: r.productId, stock: r.stock, name });
    seen.add(r.productId);
  }
  if (problems.length) {
    const count = problems.length === 1 ? "1 row has" : `${problems.length} rows have`;
    const list = problems.sort((a, b) => a.i - b.i).map((p) => p.text);
    throw new AppError("VALIDATION", `${count} errors; nothing was changed. ${list.join("; ")}`, { fieldErrors });
  }
  return rows;
}

/**
 * Sets a store's quantities (PUT /api/store/stock): each row under its lock, a COUNT movement of the difference; all
 * or nothing. Returns each row before and after.
 */
export async function setStoreStock(actor: AuditActor, input: SetStockInput): Promise<StockChange[]> {
  await assertStore(input.storeId);
  return applyStock(actor, input.storeId, await checkRows(input.items), "COUNT");
}

/**
 * Changes one store's quantity of one product under the row lock checkout takes (a missing row, a product the store
 * never had, is made at 0 first): `next` gets the stock found under the lock and answers the new one, and a movement of
 * the difference is written with `reason`, the actor and the note.
 */
async function changeUnderLock(
  tx: Tx,
  actor: AuditActor,
  storeId: string,
  productId: string,
  reason: "COUNT" | "IMPORT" | "RECEIVE",
  next: (before: number) => { stock: number; note: string },
): Promise<{ before: number; stock: number }> {
  await tx.$executeRaw`
    INSERT INTO "StoreStock" ("storeId", "productId", stock, "updatedAt")
    VALUES (${storeId}, ${productId}, 0, (now() AT TIME ZONE 'UTC'))
    ON CONFLICT DO NOTHING`;
  const locked = await tx.$queryRaw<{ stock: number }[]>`
    SELECT stock FROM "StoreStock" WHERE "storeId" = ${storeId} AND "productId" = ${productId}
    FOR UPDATE`;
  const before = locked[0]?.stock ?? 0;
  const { stock, note } = next(before);
  if (before !== stock) {
    await tx.$executeRaw`
      UPDATE "StoreStock" SET stock = ${stock}, "updatedAt" = (now() AT TIME ZONE 'UTC')
      WHERE "storeId" = ${storeId} AND "productId" = ${productId}`;
    await tx.stockMovement.create({
      data: { storeId, productId, delta: stock - before, reason, actorId: actor.id, note },
    });
  }
  return { before, stock };
}

export const PRODUCT_NOT_FOUND = "Product not found";

/**
 * "Receive stock" (the store's screen, POST /api/store/stock/receive): a delivery of `quantity` units of a product
 * added to the store's shelf under the row lock, a RECEIVE movement with the actor. 404 for an unknown store or
 * product.
 */
export async function receiveStock(
  actor: AuditActor,
  input: { storeId: string; productId: string; quantity: number },
): Promise<StockChange> {
  await assertStore(input.storeId);
  const product = await prisma.product.findFirst({
    where: { id: input.productId, published: true },
    select: { id: true, name: true },
  });
  if (!product) throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
  const { before, stock } = await runTx((tx) =>
    changeUnderLock(tx, actor, input.storeId, product.id, "RECEIVE", (b) => ({
      stock: b + input.quantity,
      note: `received ${input.quantity} by ${actor.email}`,
    })),
  );
  if (before === 0) invalidateStoreStock(input.storeId, [product.id]);
  return { productId: product.id, name: product.name, before, stock };
}

/**
 * Sets checked rows in one transaction, sorted by product (every writer locks in that order), each under its row
 * lock with a movement of the difference for `reason`. The default store's shelf is mirrored by the database.
 */
export async function applyStock(
  actor: AuditActor,
  storeId: string,
  checked: readonly { productId: string; stock: number; name: string }[],
  reason: "COUNT" | "IMPORT",
): Promise<StockChange[]> {
  const rows = [...checked].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  const changes = await runTx(
    async (tx) => {
      const out: StockChange[] = [];
      for (const row of rows) {
        const { before } = await changeUnderLock(tx, actor, storeId, row.productId, reason, () => ({
          stock: row.stock,
          note: `stock ${reason === "IMPORT" ? "imported" : "set"} to ${row.stock} by ${actor.email}`,
        }));
        out.push({ productId: row.productId, name: row.name, before, stock: row.stock });
      }
      return out;
    },
    // a whole store's file is thousands of rows
    { timeoutMs: 120_000 },
  );
  const crossed = changes.filter((c) => (c.before === 0) !== (c.stock === 0)).map((c) => c.productId);
  // a big import expires the store's entries at once rather than thousands of tags one by one
  if (crossed.length) invalidateStoreStock(storeId, crossed.length > 100 ? undefined : crossed);
  return changes;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A store's shelf, page by page (GET /api/store/stock): published products by name, with that store's stock; with
 * `lowStock`, only those at or below LOW_STOCK (the ones to reorder, out of stock included).
 */
export async function listStoreStock(query: StockListQuery): Promise<StockPage> {
  await assertStore(query.storeId);
  const search = query.search.trim();
  const named = search
    ? Prisma.sql`p.published AND p.name ILIKE ${`%${likeEscape(search)}%`}`
    : Prisma.sql`p.published`;
  const where = query.lowStock
    ? Prisma.sql`${named} AND COALESCE((SELECT s2.stock FROM "StoreStock" s2
        WHERE s2."storeId" = ${query.storeId} AND s2."productId" = p.id), 0) <= ${LOW_STOCK}`
    : named;
  const offset = (query.page - 1) * query.limit;
  const [rows, counted] = await Promise.all([
    prisma.$queryRaw<StockRow[]>`
      SELECT p.id AS "productId", p.name, p.unit, COALESCE(s.stock, 0)::int AS stock
      FROM "Product" p
      LEFT JOIN "StoreStock" s ON s."storeId" = ${query.storeId} AND s."productId" = p.id
      WHERE ${where}
      ORDER BY p.name ASC, p.id ASC
      LIMIT ${query.limit} OFFSET ${offset}`,
    prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Product" p WHERE ${where}`,
  ]);
  const totalCount = counted[0]?.n ?? 0;
  return {
    data: rows,
    totalCount,
    totalNoPage: Math.ceil(totalCount / query.limit),
    page: query.page,
    limit: query.limit,
  };
}

export type StoreStockLine = { storeId: string; storeName: string; isDefault: boolean; stock: number };

/** One product's stock at every store, the default store first (the product form's "Stock per store"). */
export async function productStockByStore(productId: string): Promise<StoreStockLine[]> {
  const rows = await prisma.$queryRaw<StoreStockLine[]>`
    SELECT st.id AS "storeId", st.name AS "storeName", st."isDefault", COALESCE(s.stock, 0)::int AS stock
    FROM "Store" st LEFT JOIN "StoreStock" s ON s."storeId" = st.id AND s."productId" = ${productId}
    ORDER BY st."isDefault" DESC, st.name ASC`;
  return rows;
}
