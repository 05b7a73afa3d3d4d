import "server-only";
import { randomBytes } from "node:crypto";
import { prisma, Prisma } from "@/lib/db";
import { PRODUCT_CARD_SELECT as productSelect } from "@/lib/catalog/sql";
import { AppError } from "@/lib/errors";
import {
  CART_LINE_NOT_FOUND,
  MAX_PER_LINE,
  OUT_OF_STOCK_MESSAGE,
  PRODUCT_NOT_FOUND,
  limitMessage,
  summarize,
} from "./rules";
import type { Cart, CartLine, GuestCartItem } from "./types";

// The shopper's cart (spec §3/§4, decisions.md). One line per product, 1 … min(stock, 10) units. Every write is
// a single conditional statement that re-reads the product's stock, so concurrent adds and updates can never
// push a line past its cap (DESIGN.md rule 3). Someone else's line answers 404, as if it did not exist.

/** A cuid-like id (no dashes: URLs carry ids as the last dash-separated segment). */
function newId(): string {
  const time = Date.now().toString(36);
  const random = BigInt(`0x${randomBytes(12).toString("hex")}`).toString(36);
  return `c${time}${random}`.slice(0, 25).padEnd(25, "0");
}

const notFound = () => new AppError("NOT_FOUND", CART_LINE_NOT_FOUND);
const productNotFound = () => new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
const overLimit = (stock: number) =>
  new AppError(stock <= 0 ? "OUT_OF_STOCK" : "CONFLICT", limitMessage(stock));

/** A cart line as read: its product is a catalogue card already (the same columns). */
type LineRow = CartLine;

const toLine = (row: LineRow): CartLine => ({ id: row.id, quantity: row.quantity, product: row.product });

/** The caller's cart: lines in the order they were added, each with its product, and the totals. */
export async function getCart(userId: string): Promise<Cart> {
  const rows = await prisma.cartItem.findMany({
    // a product deleted since (unpublished) no longer exists for shoppers
    where: { userId, product: { published: true } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, quantity: true, product: { select: productSelect } },
  });
  return cartOf(rows);
}

function cartOf(rows: LineRow[]): Cart {
  return {
    lines: rows.map(toLine),
    summary: summarize(rows.map((r) => ({ quantity: r.quantity, ...r.product }))),
  };
}

async function getLine(userId: string, lineId: string): Promise<CartLine> {
  const row = await prisma.cartItem.findFirst({
    where: { id: lineId, userId },
    select: { id: true, quantity: true, product: { select: productSelect } },
  });
  if (!row) throw notFound();
  return toLine(row);
}

export type AddToCartResult = { line: CartLine; created: boolean };

/**
 * The one statement of add-to-cart: a new line with quantity 1, or one more on the existing line. The insert only
 * happens for a published product in stock; on an existing line the update only happens below the cap, judged on
 * the locked, latest version of the row and the product's current stock. It names the changed line `up`.
 */
function upsertLine(userId: string, productId: string): Prisma.Sql {
  const now = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
  return Prisma.sql`
    INSERT INTO "CartItem" (id, "userId", "productId", quantity, "createdAt", "updatedAt")
    SELECT ${newId()}, ${userId}, p.id, 1, ${now}, ${now}
    FROM "Product" p
    WHERE p.id = ${productId} AND p.published AND p.stock > 0
    ON CONFLICT ("userId", "productId") DO UPDATE
      SET quantity = "CartItem".quantity + 1, "updatedAt" = ${now}
      WHERE "CartItem".quantity < (
        SELECT LEAST(q.stock, ${MAX_PER_LINE}) FROM "Product" q WHERE q.id = EXCLUDED."productId" AND q.published)
    RETURNING id, "productId", quantity, "createdAt", (xmax = 0) AS created`;
}

type FlatLineRow = { id: string; quantity: number; created: boolean } & {
  [K in keyof LineRow["product"] as `p_${K}`]: LineRow["product"][K];
};

const PRODUCT_COLUMNS = Prisma.sql`p.id AS p_id, p.name AS p_name, p.images AS p_images, p.unit AS p_unit,
  p.stock AS p_stock, p."pricePaise" AS "p_pricePaise", p.discount AS p_discount`;

const unflatten = (r: FlatLineRow): LineRow => ({
  id: r.id,
  quantity: r.quantity,
  product: {
    id: r.p_id,
    name: r.p_name,
    images: r.p_images,
    unit: r.p_unit,
    stock: r.p_stock,
    pricePaise: r.p_pricePaise,
    discount: r.p_discount,
  },
});

/** Why add-to-cart changed nothing: the product is gone, sold out, or the line is at its limit. */
async function refusal(productId: string): Promise<never> {
  const product = await prisma.product.findFirst({
    where: { id: productId, published: true },
    select: { stock: true },
  });
  if (!product) throw productNotFound();
  if (product.stock <= 0) throw new AppError("OUT_OF_STOCK", OUT_OF_STOCK_MESSAGE);
  throw overLimit(product.stock);
}

/**
 * Adds one unit of a product (see upsertLine) and answers the changed line, in one round trip. NOT_FOUND for an
 * unknown or deleted product, OUT_OF_STOCK when none is left, CONFLICT (naming the limit) at min(stock, 10).
 */
export async function addToCart(userId: string, productId: string): Promise<AddToCartResult> {
  const rows = await prisma.$queryRaw<FlatLineRow[]>`
    WITH up AS (${upsertLine(userId, productId)})
    SELECT up.id, up.quantity, up.created, ${PRODUCT_COLUMNS} FROM up JOIN "Product" p ON p.id = up."productId"`;
  const row = rows[0];
  if (!row) return refusal(productId);
  return { line: toLine(unflatten(row)), created: row.created };
}

/**
 * Add-to-cart for the shop's own screens, which show the whole cart afterwards: the upsert and the cart it leaves,
 * in one round trip (the statement's own snapshot does not see its insert, so the changed line joins the others).
 */
export async function addToCartReturningCart(
  userId: string,
  productId: string,
): Promise<{ cart: Cart; created: boolean }> {
  const rows = await prisma.$queryRaw<(FlatLineRow & { changed: boolean })[]>`
    WITH up AS (${upsertLine(userId, productId)}),
    lines AS (
      SELECT c.id, c."productId", c.quantity, c."createdAt", false AS created, false AS changed
      FROM "CartItem" c WHERE c."userId" = ${userId} AND NOT EXISTS (SELECT 1 FROM up WHERE up.id = c.id)
      UNION ALL
      SELECT id, "productId", quantity, "createdAt", created, true AS changed FROM up
    )
    SELECT l.id, l.quantity, l.created, l.changed, ${PRODUCT_COLUMNS}
    FROM lines l JOIN "Product" p ON p.id = l."productId" AND p.published
    ORDER BY l."createdAt" ASC, l.id ASC`;
  const changed = rows.find((r) => r.changed);
  if (!changed) return refusal(productId);
  return { cart: cartOf(rows.map(unflatten)), created: changed.created };
}

/**
 * Sets a line's quantity: 0 removes it; 1 … min(stock, 10) is accepted; above → CONFLICT naming the limit.
 * Returns the updated line, or null when it was removed.
 */
export async function updateCartQty(userId: string, lineId: string, qty: number): Promise<CartLine | null> {
  if (!Number.isSafeInteger(qty) || qty < 0) {
    throw new AppError("VALIDATION", "qty must be a whole number from 0", {
      fieldErrors: { qty: ["Invalid"] },
    });
  }
  if (qty === 0) {
    await removeCartLine(userId, lineId);
    return null;
  }
  if (qty <= MAX_PER_LINE) {
    const updated = await prisma.$executeRaw`
      UPDATE "CartItem" c SET quantity = ${qty}, "updatedAt" = (now() AT TIME ZONE 'UTC')
      FROM "Product" p
      WHERE c.id = ${lineId} AND c."userId" = ${userId} AND p.id = c."productId"
        AND p.published AND ${qty} <= LEAST(p.stock, ${MAX_PER_LINE})`;
    if (updated > 0) return getLine(userId, lineId);
  }
  // Nothing changed: say why.
  const line = await prisma.cartItem.findFirst({
    where: { id: lineId, userId },
    select: { product: { select: { stock: true, published: true } } },
  });
  if (!line) throw notFound();
  if (!line.product.published) throw productNotFound();
  throw overLimit(line.product.stock);
}

/** Removes one of the caller's lines; NOT_FOUND when it is not theirs or already gone. */
export async function removeCartLine(userId: string, lineId: string): Promise<void> {
  const { count } = await prisma.cartItem.deleteMany({ where: { id: lineId, userId } });
  if (count === 0) throw notFound();
}

/** The caller's line for a product, or null: lets the shop's own screens address lines by product. */
export async function findCartLineId(userId: string, productId: string): Promise<string | null> {
  const row = await prisma.cartItem.findUnique({
    where: { userId_productId: { userId, productId } },
    select: { id: true },
  });
  return row?.id ?? null;
}

/** Sets the quantity of the caller's line for a product (0 removes it); NOT_FOUND when there is no such line. */
export async function setProductQty(
  userId: string,
  productId: string,
  qty: number,
): Promise<CartLine | null> {
  const lineId = await findCartLineId(userId, productId);
  if (!lineId) throw notFound();
  return updateCartQty(userId, lineId, qty);
}

/**
 * Folds a guest's browser cart into the account cart at login. The browser's prices and stock are ignored:
 * each product is re-read; unknown, deleted and out-of-stock products are skipped; quantities are added to an
 * existing line and clamped to min(stock, 10). Returns the resulting cart.
 */
export async function mergeGuestCart(userId: string, items: readonly GuestCartItem[]): Promise<Cart> {
  const wanted = new Map<string, number>();
  for (const item of items) {
    if (typeof item.productId !== "string" || !item.productId) continue;
    const quantity = Number.isFinite(item.quantity) ? Math.floor(item.quantity) : 0;
    if (quantity <= 0) continue;
    wanted.set(item.productId, Math.min((wanted.get(item.productId) ?? 0) + quantity, MAX_PER_LINE));
  }
  if (wanted.size > 0) {
    const productIds = [...wanted.keys()];
    const quantities = productIds.map((id) => wanted.get(id) ?? 0);
    const ids = productIds.map(() => newId());
    const now = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
    // One statement: clamp each new line to its product's stock; on an existing line add up to the cap, and
    // never lower a line that is already above it (the shopper settles that in the cart).
    await prisma.$executeRaw`
      INSERT INTO "CartItem" (id, "userId", "productId", quantity, "createdAt", "updatedAt")
      SELECT g.id, ${userId}, p.id, LEAST(g.quantity, p.stock, ${MAX_PER_LINE}), ${now}, ${now}
      FROM unnest(${ids}::text[], ${productIds}::text[], ${quantities}::int[]) AS g(id, "productId", quantity)
      JOIN "Product" p ON p.id = g."productId"
      WHERE p.published AND p.stock > 0
      ON CONFLICT ("userId", "productId") DO UPDATE
        SET quantity = GREATEST("CartItem".quantity, LEAST("CartItem".quantity + EXCLUDED.quantity,
              (SELECT LEAST(q.stock, ${MAX_PER_LINE}) FROM "Product" q WHERE q.id = EXCLUDED."productId"))),
            "updatedAt" = ${now}`;
  }
  return getCart(userId);
}
