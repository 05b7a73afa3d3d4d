import "server-only";
import { MAX_PER_LINE } from "@/lib/cart/rules";
import { Prisma } from "@/lib/db";
import { AppError, isAppError } from "@/lib/errors";
import { consumeAll } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import type { Tx } from "./tx";

// What one account may have on order at once (issue 20 #6, stock hoarding): unpaid card orders held stock for 35
// minutes with no cap, so one account could take a product's whole stock without paying. Placing is rate-limited
// per account and per real address; a shopper's unpaid orders (the one awaiting card payment, and cash orders on
// their way) hold at most the cart's per-line cap of any product; and at most three cash orders are open at once
// (each takes a delivery partner). Every refusal comes before anything is written.

/** Open cash-on-delivery orders one account may have (each holds a delivery partner until it is delivered). */
export const MAX_OPEN_CASH_ORDERS = 3;

/** Orders that are not paid for and still hold stock: awaiting card payment, or cash not yet collected. */
const UNPAID_OPEN = ["PENDING_PAYMENT", "PLACED", "PACKED", "OUT_FOR_DELIVERY"] as const;
const OPEN_CASH = ["PLACED", "PACKED", "OUT_FOR_DELIVERY"] as const;

export const TOO_MANY_CASH_ORDERS_MESSAGE =
  `You already have ${MAX_OPEN_CASH_ORDERS} cash-on-delivery orders on their way. ` +
  "Wait until one is delivered (or cancel one) before placing another, or pay by card.";

/**
 * Counts one placement against the account's and the address's limits; RATE_LIMITED (429) once either is used up.
 * Both are counted on every attempt (in one statement, outside any transaction), so a script cannot spread its
 * tries over refusals.
 */
export async function consumePlacement(userId: string, ip: string): Promise<void> {
  try {
    await consumeAll([
      { key: `order:user:${userId}`, limit: LIMITS.orderPlacementPerAccount },
      { key: `order:ip:${ip}`, limit: LIMITS.orderPlacementPerIp },
    ]);
  } catch (error) {
    if (!isAppError(error) || error.code !== "RATE_LIMITED") throw error;
    const seconds = error.retryAfterSeconds ?? 60;
    throw new AppError(
      "RATE_LIMITED",
      `Too many orders in a short time. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
      { retryAfterSeconds: seconds },
    );
  }
}

/** CONFLICT (409) when the account already has MAX_OPEN_CASH_ORDERS cash orders on their way. */
export async function assertCashOrderRoom(tx: Tx, userId: string): Promise<void> {
  const open = await tx.order.count({
    where: { userId, paymentMethod: "CASH_ON_DELIVERY", status: { in: [...OPEN_CASH] } },
  });
  refusePastCashOrderRoom(open);
}

/** assertCashOrderRoom's verdict on a count read elsewhere (openCashOrdersSql). */
export function refusePastCashOrderRoom(open: number): void {
  if (open >= MAX_OPEN_CASH_ORDERS) throw new AppError("CONFLICT", TOO_MANY_CASH_ORDERS_MESSAGE);
}

// The same two counts as SQL expressions, for the placement's one read under the account's lock
// (place-order.ts): the account's open cash orders, and what its unpaid orders other than one awaiting card
// payment (which the placement replaces) hold of each product, as {productId: quantity}.
const OPEN_CASH_SQL = Prisma.sql`${[...OPEN_CASH]}::"OrderStatus"[]`;

export const openCashOrdersSql = (userId: string): Prisma.Sql => Prisma.sql`(
  SELECT count(*)::int FROM "Order" o
  WHERE o."userId" = ${userId} AND o."paymentMethod" = 'CASH_ON_DELIVERY'
    AND o.status = ANY(${OPEN_CASH_SQL}))`;

export const unpaidHeldSql = (userId: string, products: Prisma.Sql): Prisma.Sql => Prisma.sql`(
  SELECT COALESCE(json_object_agg(h."productId", h.quantity), '{}'::json) FROM (
    SELECT l."productId", sum(l.quantity)::int AS quantity
    FROM "OrderLine" l JOIN "Order" o ON o.id = l."orderId"
    WHERE o."userId" = ${userId} AND o."paymentStatus" = 'PENDING' AND o.status = ANY(${OPEN_CASH_SQL})
      AND l."productId" IN (${products})
    GROUP BY l."productId") h)`;

type WantedLine = { productId: string; quantity: number; name: string };

/**
 * CONFLICT (409) when this order would take the account past MAX_PER_LINE of a product across its unpaid orders.
 * The shopper's order awaiting payment is replaced by a new checkout, so it never counts: call this after it is
 * cancelled, or with `ignorePendingPayment` before.
 */
export async function assertUnpaidCap(
  tx: Tx,
  userId: string,
  lines: readonly WantedLine[],
  options: { ignorePendingPayment?: boolean } = {},
): Promise<void> {
  if (!lines.length) return;
  const statuses = options.ignorePendingPayment ? OPEN_CASH : UNPAID_OPEN;
  const held = await tx.orderLine.groupBy({
    by: ["productId"],
    where: {
      productId: { in: lines.map((l) => l.productId) },
      order: { userId, paymentStatus: "PENDING", status: { in: [...statuses] } },
    },
    _sum: { quantity: true },
  });
  refusePastUnpaidCap(lines, new Map(held.map((h) => [h.productId, h._sum.quantity ?? 0])));
}

/** assertUnpaidCap's verdict on the quantities read elsewhere (unpaidHeldSql). */
export function refusePastUnpaidCap(lines: readonly WantedLine[], heldOf: ReadonlyMap<string, number>): void {
  for (const line of lines) {
    const already = heldOf.get(line.productId) ?? 0;
    if (already + line.quantity <= MAX_PER_LINE) continue;
    const room = Math.max(0, MAX_PER_LINE - already);
    throw new AppError(
      "CONFLICT",
      `You already have ${already} of ${line.name} in orders not yet paid for, and one shopper may have at most ` +
        `${MAX_PER_LINE} of a product until they are paid or delivered. ` +
        (room > 0 ? `Reduce it to ${room} in your cart.` : "Remove it from your cart for now."),
    );
  }
}
