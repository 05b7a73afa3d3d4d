import "server-only";
import { randomBytes } from "node:crypto";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { findStore } from "@/lib/stores/lookup";
import { computeBill, type AppliedFees } from "@/lib/bill/compute";
import { appliedFees } from "@/lib/bill/settings";
import {
  cartCouponFromJson,
  cartCouponJson,
  cartCouponOf,
  cartCouponState,
  type ShopperCoupon,
} from "@/lib/coupons/store";
import {
  CART_LINE_NOT_FOUND,
  MAX_PER_LINE,
  OUT_OF_STOCK_MESSAGE,
  PRODUCT_NOT_FOUND,
  lineCap,
  limitMessage,
  summarizeCart,
} from "./rules";
import type { Cart, CartLine, CartStore, GuestCartItem } from "./types";
import type { SubstitutionValue } from "@/lib/orders/substitution-rules";

// The shopper's cart (spec §3/§4, decisions.md). One line per product, 1 … min(stock, 10) units. Every write is
// a single conditional statement that re-reads the product's stock, so concurrent adds and updates can never
// push a line past its cap (DESIGN.md rule 3). Someone else's line answers 404, as if it did not exist.
//
// Stock is a store's (issue 16): every call names the store whose shelves it is checked against (the shopper's
// location on the web, X-Store-Id/storeId over REST; the caller has already refused a store that cannot sell, see
// lib/stores/current.ts assertCanSell). A line the store cannot supply in full — after the shopper changed location,
// or the store sold out — stays in the cart, flagged (`short`, with what the store has: `available`), and is kept
// out of the totals until it is removed or reduced; reducing is always allowed.

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

/** A line with its product as read; its flags are computed from the store's stock (toLine). */
type LineRow = Pick<CartLine, "id" | "quantity" | "product" | "substitution">;

const toLine = (row: LineRow): CartLine => {
  const available = lineCap(row.product.stock);
  return {
    id: row.id,
    quantity: row.quantity,
    product: row.product,
    available,
    short: row.quantity > available,
    substitution: row.substitution,
  };
};

/** The store a cart is checked against, as the cart names it ("Only 2 left at Koramangala"). */
export async function cartStore(storeId: string): Promise<CartStore> {
  const store = await findStore(storeId);
  return { id: storeId, name: store?.name ?? storeId, area: store?.area ?? storeId };
}

/** A product's card columns for a cart line, with the store's stock (`ss`, joined by storeStock). */
const PRODUCT_COLUMNS = Prisma.sql`p.id AS p_id, p.name AS p_name, p.images AS p_images, p.unit AS p_unit,
  COALESCE(ss.stock, 0)::int AS p_stock, p."pricePaise" AS "p_pricePaise", p.discount AS p_discount`;

const storeStock = (storeId: string) =>
  Prisma.sql`LEFT JOIN "StoreStock" ss ON ss."productId" = p.id AND ss."storeId" = ${storeId}`;

/**
 * The caller's cart checked against a store: lines in the order they were added, each with its product (the
 * store's stock) and whether the store can supply it, and the totals of the lines it can.
 */
export async function getCart(userId: string, storeId: string): Promise<Cart> {
  const [rows, store, fees, coupon] = await Promise.all([
    prisma.$queryRaw<FlatLineRow[]>`
      SELECT c.id, c.quantity, c.substitution::text AS substitution, false AS created, ${PRODUCT_COLUMNS}
      FROM "CartItem" c
      JOIN "Product" p ON p.id = c."productId" AND p.published
      ${storeStock(storeId)}
      WHERE c."userId" = ${userId}
      ORDER BY c."createdAt" ASC, c.id ASC`,
    cartStore(storeId),
    appliedFees(storeId),
    cartCouponOf(userId),
  ]);
  return cartOf(userId, rows.map(unflatten), store, fees, coupon);
}

/**
 * The cart with its bill at the store's fees now (issue 18): the lines the store can supply, with the fees, and the
 * coupon the shopper applied when it is valid for them at this store (it takes nothing off below its minimum).
 */
async function cartOf(
  userId: string,
  rows: LineRow[],
  store: CartStore,
  fees: AppliedFees,
  found: ShopperCoupon | null,
): Promise<Cart> {
  const lines = rows.map(toLine);
  const summary = summarizeCart(lines);
  const coupon = await cartCouponState(userId, found, summary.totalPaise, store.id);
  const bill = computeBill(
    { itemsMrpPaise: summary.itemsTotalPaise, itemsTotalPaise: summary.totalPaise },
    fees,
    coupon?.terms ?? null,
  );
  return { lines, summary, store: { ...store, fees }, shortLines: lines.filter((l) => l.short).length, bill, coupon };
}

async function getLine(userId: string, lineId: string, storeId: string): Promise<CartLine> {
  const [row] = await prisma.$queryRaw<FlatLineRow[]>`
    SELECT c.id, c.quantity, c.substitution::text AS substitution, false AS created, ${PRODUCT_COLUMNS}
    FROM "CartItem" c JOIN "Product" p ON p.id = c."productId" ${storeStock(storeId)}
    WHERE c.id = ${lineId} AND c."userId" = ${userId}`;
  if (!row) throw notFound();
  return toLine(unflatten(row));
}

export type AddToCartResult = { line: CartLine; created: boolean };

/**
 * The one statement of add-to-cart: a new line with quantity 1, or one more on the existing line. The insert only
 * happens for a published product in stock at the store; on an existing line the update only happens below the
 * cap, judged on the locked, latest version of the row and the store's current stock. It names the changed line `up`.
 */
function upsertLine(userId: string, productId: string, storeId: string): Prisma.Sql {
  const now = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
  return Prisma.sql`
    INSERT INTO "CartItem" (id, "userId", "productId", quantity, "createdAt", "updatedAt")
    SELECT ${newId()}, ${userId}, p.id, 1, ${now}, ${now}
    FROM "Product" p JOIN "StoreStock" s ON s."productId" = p.id AND s."storeId" = ${storeId}
    WHERE p.id = ${productId} AND p.published AND s.stock > 0
    ON CONFLICT ("userId", "productId") DO UPDATE
      SET quantity = "CartItem".quantity + 1, "updatedAt" = ${now}
      WHERE "CartItem".quantity < (
        SELECT LEAST(s.stock, ${MAX_PER_LINE}) FROM "StoreStock" s JOIN "Product" q ON q.id = s."productId"
        WHERE s."productId" = EXCLUDED."productId" AND s."storeId" = ${storeId} AND q.published)
    RETURNING id, "productId", quantity, substitution, "createdAt", (xmax = 0) AS created`;
}

type FlatLineRow = { id: string; quantity: number; substitution: SubstitutionValue | null; created: boolean } & {
  [K in keyof LineRow["product"] as `p_${K}`]: LineRow["product"][K];
};

const unflatten = (r: FlatLineRow): LineRow => ({
  id: r.id,
  quantity: r.quantity,
  substitution: r.substitution,
  product: {
    id: r.p_id,
    name: r.p_name,
    images: r.p_images ?? [],
    unit: r.p_unit,
    stock: r.p_stock,
    pricePaise: r.p_pricePaise,
    discount: r.p_discount,
  },
});

/** The store's stock of a published product, or null when there is no such product. */
async function stockAt(productId: string, storeId: string): Promise<number | null> {
  const [row] = await prisma.$queryRaw<{ stock: number }[]>`
    SELECT COALESCE(ss.stock, 0)::int AS stock FROM "Product" p ${storeStock(storeId)}
    WHERE p.id = ${productId} AND p.published`;
  return row ? row.stock : null;
}

/** Why add-to-cart changed nothing: the product is gone, sold out at the store, or the line is at its limit. */
async function refusal(productId: string, storeId: string): Promise<never> {
  const stock = await stockAt(productId, storeId);
  if (stock === null) throw productNotFound();
  if (stock <= 0) throw new AppError("OUT_OF_STOCK", OUT_OF_STOCK_MESSAGE);
  throw overLimit(stock);
}

/**
 * Adds one unit of a product (see upsertLine) from a store's stock and answers the changed line, in one round
 * trip. NOT_FOUND for an unknown or deleted product, OUT_OF_STOCK when the store has none left, CONFLICT (naming
 * the limit) at min(stock, 10).
 */
export async function addToCart(
  userId: string,
  productId: string,
  storeId: string,
): Promise<AddToCartResult> {
  const rows = await prisma.$queryRaw<FlatLineRow[]>`
    WITH up AS (${upsertLine(userId, productId, storeId)})
    SELECT up.id, up.quantity, up.substitution::text AS substitution, up.created, ${PRODUCT_COLUMNS}
    FROM up JOIN "Product" p ON p.id = up."productId" ${storeStock(storeId)}`;
  const row = rows[0];
  if (!row) return refusal(productId, storeId);
  return { line: toLine(unflatten(row)), created: row.created };
}

/**
 * Add-to-cart for the shop's own screens, which show the whole cart afterwards: the upsert and the cart it leaves,
 * in one round trip (the statement's own snapshot does not see its insert, so the changed line joins the others).
 */
export async function addToCartReturningCart(
  userId: string,
  productId: string,
  storeId: string,
): Promise<{ cart: Cart; created: boolean }> {
  const [rows, store, fees] = await Promise.all([
    // the cart's coupon comes back with the lines (one statement: issue 14 item 8's two round trips)
    prisma.$queryRaw<(FlatLineRow & { changed: boolean; coupon: unknown })[]>`
      WITH up AS (${upsertLine(userId, productId, storeId)}),
      lines AS (
        SELECT c.id, c."productId", c.quantity, c.substitution, c."createdAt", false AS created, false AS changed
        FROM "CartItem" c WHERE c."userId" = ${userId} AND NOT EXISTS (SELECT 1 FROM up WHERE up.id = c.id)
        UNION ALL
        SELECT id, "productId", quantity, substitution, "createdAt", created, true AS changed FROM up
      )
      SELECT l.id, l.quantity, l.substitution::text AS substitution, l.created, l.changed, ${PRODUCT_COLUMNS}, ${cartCouponJson(userId)} AS coupon
      FROM lines l JOIN "Product" p ON p.id = l."productId" AND p.published ${storeStock(storeId)}
      ORDER BY l."createdAt" ASC, l.id ASC`,
    cartStore(storeId),
    appliedFees(storeId),
  ]);
  const changed = rows.find((r) => r.changed);
  if (!changed) return refusal(productId, storeId);
  const coupon = cartCouponFromJson(changed.coupon);
  return { cart: await cartOf(userId, rows.map(unflatten), store, fees, coupon), created: changed.created };
}

/**
 * Whether the store takes cart changes now: null when it does, else the reason (a paused or closed store, a place
 * no store serves). The caller reads it from lib/stores (assertCanSell); only reductions pass without it.
 */
export type SellRefusal = string | null;

/**
 * Sets a line's quantity against a store's stock: 0 removes it; 1 … min(stock, 10) is accepted; above →
 * CONFLICT naming the limit, except that lowering a line is always accepted (a line the store cannot supply in full
 * is settled step by step). With a `refusal` (the store cannot sell now), only lowering is: a raise answers
 * CONFLICT with the reason. Returns the updated line, or null when it was removed.
 */
export async function updateCartQty(
  userId: string,
  lineId: string,
  qty: number,
  storeId: string,
  refusal: SellRefusal = null,
): Promise<CartLine | null> {
  if (!Number.isSafeInteger(qty) || qty < 0) {
    throw new AppError("VALIDATION", "qty must be a whole number from 0", {
      fieldErrors: { qty: ["Invalid"] },
    });
  }
  if (qty === 0) {
    await removeCartLine(userId, lineId);
    return null;
  }
  const allowed = refusal
    ? Prisma.sql`${qty} < c.quantity`
    : Prisma.sql`(${qty} <= LEAST(COALESCE(ss.stock, 0), ${MAX_PER_LINE}) OR ${qty} < c.quantity)`;
  // above 10 no line may go (and no line is that high to be lowered): nothing to try
  const updated =
    qty > MAX_PER_LINE
      ? 0
      : await prisma.$executeRaw`
    UPDATE "CartItem" c SET quantity = ${qty}, "updatedAt" = (now() AT TIME ZONE 'UTC')
    FROM "Product" p ${storeStock(storeId)}
    WHERE c.id = ${lineId} AND c."userId" = ${userId} AND p.id = c."productId"
      AND p.published AND ${allowed}`;
  if (updated > 0) return getLine(userId, lineId, storeId);
  // Nothing changed: say why.
  const line = await prisma.cartItem.findFirst({
    where: { id: lineId, userId },
    select: { quantity: true, productId: true, product: { select: { published: true } } },
  });
  if (!line) throw notFound();
  if (!line.product.published) throw productNotFound();
  if (refusal) throw new AppError("CONFLICT", refusal);
  throw overLimit((await stockAt(line.productId, storeId)) ?? 0);
}

/**
 * The shopper's choice for a line if the store is out of it at packing (issue 18): replace with a similar item,
 * don't replace (refund), or call; null goes back to the order's default. NOT_FOUND when the line is not theirs.
 */
export async function setLineSubstitution(
  userId: string,
  lineId: string,
  substitution: SubstitutionValue | null,
): Promise<void> {
  const { count } = await prisma.cartItem.updateMany({ where: { id: lineId, userId }, data: { substitution } });
  if (count === 0) throw notFound();
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
  storeId: string,
  refusal: SellRefusal = null,
): Promise<CartLine | null> {
  const lineId = await findCartLineId(userId, productId);
  if (!lineId) throw notFound();
  return updateCartQty(userId, lineId, qty, storeId, refusal);
}

/**
 * Folds a guest's browser cart into the account cart at login, against a store's stock. The browser's prices and
 * stock are ignored: each product is re-read; unknown, deleted and products out of stock at the store are skipped;
 * quantities are added to an existing line and clamped to min(the store's stock, 10). Returns the resulting cart.
 */
export async function mergeGuestCart(
  userId: string,
  items: readonly GuestCartItem[],
  storeId: string,
): Promise<Cart> {
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
    // One statement: clamp each new line to the store's stock; on an existing line add up to the cap, and
    // never lower a line that is already above it (the shopper settles that in the cart, where it is flagged).
    await prisma.$executeRaw`
      INSERT INTO "CartItem" (id, "userId", "productId", quantity, "createdAt", "updatedAt")
      SELECT g.id, ${userId}, p.id, LEAST(g.quantity, s.stock, ${MAX_PER_LINE}), ${now}, ${now}
      FROM unnest(${ids}::text[], ${productIds}::text[], ${quantities}::int[]) AS g(id, "productId", quantity)
      JOIN "Product" p ON p.id = g."productId"
      JOIN "StoreStock" s ON s."productId" = p.id AND s."storeId" = ${storeId}
      WHERE p.published AND s.stock > 0
      ON CONFLICT ("userId", "productId") DO UPDATE
        SET quantity = GREATEST("CartItem".quantity, LEAST("CartItem".quantity + EXCLUDED.quantity,
              (SELECT LEAST(q.stock, ${MAX_PER_LINE}) FROM "StoreStock" q
               WHERE q."productId" = EXCLUDED."productId" AND q."storeId" = ${storeId}))),
            "updatedAt" = ${now}`;
  }
  return getCart(userId, storeId);
}

/** A store's stock of some products (a guest cart's, re-checked on the shopper's store): id → units (0 if none). */
export async function stockOfProducts(
  productIds: readonly string[],
  storeId: string,
): Promise<Record<string, number>> {
  const ids = [...new Set(productIds)].slice(0, 200);
  if (ids.length === 0) return {};
  const rows = await prisma.$queryRaw<{ id: string; stock: number }[]>`
    SELECT p.id, COALESCE(ss.stock, 0)::int AS stock
    FROM "Product" p ${storeStock(storeId)}
    WHERE p.id = ANY(${ids}::text[]) AND p.published`;
  return Object.fromEntries(rows.map((r) => [r.id, r.stock]));
}
