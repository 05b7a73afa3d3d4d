import "server-only";
import { prisma, Prisma, type Tx } from "@/lib/db";
import { now, shopTimeZone } from "@/lib/ops/clock";
import { findStore } from "@/lib/stores/lookup";
import { log } from "@/lib/log";
import {
  AMOUNT_RULES,
  checkCoupon,
  LASTING_RULES,
  termsOf,
  type CartCouponState,
  type Coupon,
  type CouponKind,
  type CouponVerdict,
} from "./rules";

// Coupons in the database (issue 18): a coupon with what this shopper has done with it (their uses, their orders), the
// coupon kept on a shopper's cart (CartCoupon), and the use an order takes and gives back. A use is counted by one
// conditional UPDATE ("usedCount" + 1 while below "totalLimit"): PostgreSQL re-checks the condition on the row's
// latest version after waiting for its lock, so a total limit holds exactly however many orders race for it.

/** A coupon's row as the database gives it (`kind` is plain text there). */
type CouponRow = Omit<Coupon, "kind"> & { kind: string };

export const toCoupon = (r: CouponRow): Coupon => ({
  id: r.id,
  code: r.code,
  kind: r.kind as CouponKind,
  amountPaise: r.amountPaise,
  percent: r.percent,
  maxDiscountPaise: r.maxDiscountPaise,
  minOrderPaise: r.minOrderPaise,
  validFrom: r.validFrom,
  validTo: r.validTo,
  perUserLimit: r.perUserLimit,
  totalLimit: r.totalLimit,
  usedCount: r.usedCount,
  firstOrderOnly: r.firstOrderOnly,
  storeIds: r.storeIds,
  active: r.active,
});

/** A coupon with this shopper's record: their uses of it and their orders (placed, neither cancelled nor unpaid). */
export type ShopperCoupon = { coupon: Coupon; userUses: number; userOrders: number };

type Db = Tx | typeof prisma;

/** This shopper's uses of coupon `c` (orders awaiting card payment do not count; a cancelled order's use is gone). */
const usesOf = (
  userId: string,
) => Prisma.sql`(SELECT count(*)::int FROM "CouponUse" u JOIN "Order" o ON o.id = u."orderId"
  WHERE u."couponId" = c.id AND u."userId" = ${userId} AND o.status <> 'PENDING_PAYMENT')`;

/** This shopper's orders, placed and neither cancelled nor awaiting card payment (first order only counts them). */
const ordersOf = (userId: string) => Prisma.sql`(SELECT count(*)::int FROM "Order" o
  WHERE o."userId" = ${userId} AND o.status NOT IN ('CANCELLED', 'PENDING_PAYMENT'))`;

const COUPON_COLUMNS = Prisma.sql`c.id, c.code, c.kind, c."amountPaise", c.percent, c."maxDiscountPaise",
  c."minOrderPaise", c."validFrom", c."validTo", c."perUserLimit", c."totalLimit", c."usedCount", c."firstOrderOnly",
  c."storeIds", c.active`;

/**
 * The coupons `where` picks (over `c`), each with the shopper's uses and orders. An order awaiting card payment
 * counts neither (a new checkout replaces it, a failed payment cancels it: lib/orders/pending-payment.ts); a cancelled
 * order gave its use back.
 */
async function withShopper(db: Db, userId: string, where: Prisma.Sql): Promise<ShopperCoupon[]> {
  const rows = await db.$queryRaw<(CouponRow & { userUses: number; userOrders: number })[]>`
    SELECT ${COUPON_COLUMNS}, ${usesOf(userId)} AS "userUses", ${ordersOf(userId)} AS "userOrders"
    FROM "Coupon" c
    WHERE ${where}
    ORDER BY c.code`;
  return rows.map((r) => ({ coupon: toCoupon(r), userUses: r.userUses, userOrders: r.userOrders }));
}

/**
 * The coupon on the shopper's cart with their record as one JSON value (null: none), for a statement that reads the
 * cart anyway (lib/cart: adding a unit reads the cart back in one round trip); cartCouponFromJson reads it.
 */
export function cartCouponJson(userId: string): Prisma.Sql {
  return Prisma.sql`(SELECT json_build_object('id', c.id, 'code', c.code, 'kind', c.kind, 'amountPaise', c."amountPaise",
      'percent', c.percent, 'maxDiscountPaise', c."maxDiscountPaise", 'minOrderPaise', c."minOrderPaise",
      'validFrom', c."validFrom", 'validTo', c."validTo", 'perUserLimit', c."perUserLimit", 'totalLimit', c."totalLimit",
      'usedCount', c."usedCount", 'firstOrderOnly', c."firstOrderOnly", 'storeIds', c."storeIds", 'active', c.active,
      'userUses', ${usesOf(userId)}, 'userOrders', ${ordersOf(userId)})
    FROM "CartCoupon" cc JOIN "Coupon" c ON c.id = cc."couponId" WHERE cc."userId" = ${userId})`;
}

type CouponJson = Omit<CouponRow, "validFrom" | "validTo"> & {
  validFrom: string | null;
  validTo: string | null;
  userUses: number;
  userOrders: number;
};

/** A timestamp as JSON gives it (UTC, without a zone: the columns are `timestamp(3)` holding UTC). */
const utcInstant = (text: string | null): Date | null =>
  text === null ? null : new Date(/(Z|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text}Z`);

/** The value of cartCouponJson. */
export function cartCouponFromJson(json: unknown): ShopperCoupon | null {
  if (!json || typeof json !== "object") return null;
  const j = json as CouponJson;
  const coupon = toCoupon({ ...j, validFrom: utcInstant(j.validFrom), validTo: utcInstant(j.validTo) });
  return { coupon, userUses: j.userUses, userOrders: j.userOrders };
}

/** The coupon of a code (any case) with the shopper's record, or null for an unknown code. */
export async function couponByCode(userId: string, code: string): Promise<ShopperCoupon | null> {
  const [found] = await withShopper(prisma, userId, Prisma.sql`c.code = ${code}`);
  return found ?? null;
}

/** The coupons that may be offered (active, not expired), with the shopper's record. */
export function offerableCoupons(userId: string, at: Date): Promise<ShopperCoupon[]> {
  return withShopper(prisma, userId, Prisma.sql`c.active AND (c."validTo" IS NULL OR c."validTo" >= ${at})`);
}

/** The coupon on the shopper's cart, with their record, or null. */
export async function cartCouponOf(userId: string, db: Db = prisma): Promise<ShopperCoupon | null> {
  const [row] = await db.$queryRaw<{ coupon: unknown }[]>`SELECT ${cartCouponJson(userId)} AS coupon`;
  return cartCouponFromJson(row?.coupon ?? null);
}

/** Puts a coupon on the shopper's cart (replacing the one there). */
export async function setCartCoupon(userId: string, couponId: string): Promise<void> {
  await prisma.cartCoupon.upsert({
    where: { userId },
    create: { userId, couponId },
    update: { couponId, appliedAt: new Date() },
  });
}

/** Takes the coupon off the shopper's cart (only that coupon, when one is named); whether one was there. */
export async function dropCartCoupon(userId: string, couponId?: string, db: Db = prisma): Promise<boolean> {
  const { count } = await db.cartCoupon.deleteMany({ where: { userId, ...(couponId ? { couponId } : {}) } });
  return count > 0;
}

/** A coupon checked for a shopper, an items total and a store, now (the shop's clock and time zone). */
export async function verdictFor(
  found: ShopperCoupon,
  itemsTotalPaise: number,
  storeId: string,
): Promise<CouponVerdict> {
  // the store's name only for the refusal that needs it (inside an order's transaction, no other read)
  const { storeIds } = found.coupon;
  const storeArea =
    storeIds.length && !storeIds.includes(storeId) ? ((await findStore(storeId))?.area ?? storeId) : storeId;
  return checkCoupon(found.coupon, {
    itemsTotalPaise,
    storeId,
    storeArea,
    at: now(),
    timeZone: shopTimeZone(),
    userUses: found.userUses,
    userOrders: found.userOrders,
  });
}

const utcNow = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/**
 * Counts one use of a coupon for an order, inside the order's transaction: only while the coupon is active and below
 * its total limit. False: it ran out (or was switched off) meanwhile, and the order must not take it. The coupon's
 * row stays locked until the order commits, so concurrent orders take the last uses one at a time.
 */
export async function claimCouponInTx(tx: Tx, couponId: string): Promise<boolean> {
  const updated = await tx.$executeRaw`
    UPDATE "Coupon" SET "usedCount" = "usedCount" + 1, "updatedAt" = ${utcNow}
    WHERE id = ${couponId} AND active AND ("totalLimit" IS NULL OR "usedCount" < "totalLimit")`;
  return updated === 1;
}

/** The order's use of the coupon claimed for it (the per-shopper limit counts these). */
export async function recordCouponUse(
  tx: Tx,
  use: { couponId: string; userId: string; orderId: string },
): Promise<void> {
  await tx.couponUse.create({ data: use, select: { id: true } });
}

/** A cancelled order gives its coupon use back (nothing for an order that took none). */
export async function releaseCouponInTx(tx: Tx, orderId: string): Promise<void> {
  const released = await tx.$queryRaw<{ couponId: string }[]>`
    DELETE FROM "CouponUse" WHERE "orderId" = ${orderId} RETURNING "couponId"`;
  for (const { couponId } of released) {
    await tx.$executeRaw`
      UPDATE "Coupon" SET "usedCount" = GREATEST("usedCount" - 1, 0), "updatedAt" = ${utcNow} WHERE id = ${couponId}`;
  }
}

/** The paid order's coupon leaves the shopper's cart (a card checkout kept the cart, and its coupon, until paid). */
export async function dropOrderedCouponInTx(tx: Tx, userId: string, orderId: string): Promise<void> {
  await tx.$executeRaw`
    DELETE FROM "CartCoupon" cc USING "CouponUse" u
    WHERE cc."userId" = ${userId} AND u."orderId" = ${orderId} AND cc."couponId" = u."couponId"`;
}

/**
 * The cart's coupon checked against its items and store now. A coupon that can no longer be used (expired,
 * switched off, used up, not a first order any more) leaves the cart and says so once; one that waits for more items
 * or another store stays on, with the reason.
 */
export async function cartCouponState(
  userId: string,
  found: ShopperCoupon | null,
  itemsTotalPaise: number,
  storeId: string,
): Promise<CartCouponState | null> {
  if (!found) return null;
  const { code } = found.coupon;
  const verdict = await verdictFor(found, itemsTotalPaise, storeId);
  if (verdict.ok) return { code, terms: termsOf(found.coupon), message: null };
  if (AMOUNT_RULES.has(verdict.rule)) return { code, terms: termsOf(found.coupon), message: verdict.message };
  if (LASTING_RULES.has(verdict.rule)) {
    dropCartCoupon(userId, found.coupon.id).catch((err: unknown) =>
      log.warn({ err, code }, "coupons: could not take a used-up coupon off a cart"),
    );
    return { code, terms: null, message: `${verdict.message}: it was taken off your cart` };
  }
  return { code, terms: null, message: verdict.message };
}
