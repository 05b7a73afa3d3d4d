import "server-only";
import { log } from "@/lib/log";
import { invalidateCatalog } from "@/lib/catalog/cache";
import { dispatchIfPartnersFree, dispatchOrder } from "@/lib/dispatch";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { providerForSession } from "@/lib/payments";
import { sendOrderConfirmation } from "./mail";
import { billOfRow, billSelect } from "./records";
import { removeOrderedQuantities, restoreCart } from "./cart-lines";
import { returnStock } from "./stock";
import { dropOrderedCouponInTx, releaseCouponInTx } from "@/lib/coupons/store";
import { lockOrder, runTx, type Tx } from "./tx";
import type { OrderStatusValue } from "./types";

// What a payment outcome does to an order, shared by Stripe's webhook and the local test checkout's buttons.
// Each provider event is applied ONCE: its id is inserted into PaymentEvent first, in the same transaction as its
// effect, so a repeated delivery (even five at once) waits for the first and then finds the id taken; and if
// applying fails, the id goes with the rollback and the provider's retry applies it. The order row is locked
// while its payment state is decided, so `completed` and `expired` arriving together cannot both act: an order
// that is PAID is never cancelled by a later `expired`.

export type EventRef = { id: string; type: string };

export type PaymentOutcome = {
  /** the event changed the order */
  applied: boolean;
  /** the event id was seen before; nothing was done */
  duplicate: boolean;
  orderNumber: string | null;
  status: OrderStatusValue | null;
};

export const SESSION_CLOSED_MESSAGE = "This payment session has expired or was cancelled.";

const lockedSelect = {
  id: true,
  orderNumber: true,
  userId: true,
  status: true,
  paymentStatus: true,
  paymentSessionId: true,
  holdExpiresAt: true,
  cartKept: true,
  itemCount: true,
  storeId: true,
  ...billSelect,
  paymentMethod: true,
  user: { select: { email: true, name: true } },
  lines: {
    select: { productId: true, quantity: true, name: true, unit: true, unitPricePaise: true },
    orderBy: { id: "asc" },
  },
} as const;

/** Claims a provider event id (PaymentEvent) in the caller's transaction; false: it was applied before. */
export async function recordEvent(tx: Tx, event: EventRef | null, orderId: string | null): Promise<boolean> {
  if (!event) return true;
  const inserted = await tx.paymentEvent.createMany({
    data: [{ id: event.id, type: event.type, orderId }],
    skipDuplicates: true,
  });
  return inserted.count === 1;
}

const none = (duplicate: boolean): PaymentOutcome => ({ applied: false, duplicate, orderNumber: null, status: null });

/**
 * The payment went through: a PENDING_PAYMENT order becomes PLACED + PAID and is dispatched, and the ordered
 * quantities leave the shopper's cart (the checkout left it as it was). Money arriving for an order already
 * cancelled (its hold ran out, or a new checkout replaced it) is refunded, and the cart is left alone. `strict`
 * (the local test checkout) refuses instead: there the shopper is paying right now and can be told the session is
 * closed. `testPayment` (the local test checkout too) marks the order as paid without money, so no screen, e-mail
 * or revenue figure takes it for real.
 */
export async function markOrderPaid(input: {
  orderId: string;
  paymentIntentId?: string | null;
  event: EventRef | null;
  strict?: boolean;
  testPayment?: boolean;
}): Promise<PaymentOutcome> {
  const testPayment = input.testPayment === true;
  const now = new Date();
  const result = await runTx(async (tx) => {
    if (!(await recordEvent(tx, input.event, input.orderId))) return { kind: "duplicate" as const };
    if (!(await lockOrder(tx, input.orderId))) return { kind: "missing" as const };
    const order = await tx.order.findUniqueOrThrow({ where: { id: input.orderId }, select: lockedSelect });
    if (order.status === "PENDING_PAYMENT" && order.paymentStatus !== "PAID") {
      if (input.strict && order.holdExpiresAt && order.holdExpiresAt <= now) {
        throw new AppError("CONFLICT", SESSION_CLOSED_MESSAGE);
      }
      await tx.order.update({
        where: { id: order.id },
        data: {
          status: "PLACED",
          paymentStatus: "PAID",
          paidAt: now,
          holdExpiresAt: null,
          testPayment,
          ...(input.paymentIntentId ? { paymentIntentId: input.paymentIntentId } : {}),
        },
      });
      if (order.cartKept) await removeOrderedQuantities(tx, order.userId, order.lines);
      // the coupon it took leaves the cart with the ordered quantities
      await dropOrderedCouponInTx(tx, order.userId, order.id);
      const partner = await dispatchOrder(tx, order);
      return { kind: "paid" as const, order, partner };
    }
    if (order.paymentStatus === "PAID" || order.paymentStatus === "REFUNDED") {
      return { kind: "unchanged" as const, order };
    }
    // cancelled before the money came (hold expired, shopper cancelled): keep it cancelled, give the money back
    if (input.strict) throw new AppError("CONFLICT", SESSION_CLOSED_MESSAGE);
    await tx.order.update({
      where: { id: order.id },
      data: {
        paymentStatus: "PAID",
        paidAt: now,
        testPayment,
        ...(input.paymentIntentId ? { paymentIntentId: input.paymentIntentId } : {}),
      },
    });
    return { kind: "refund" as const, order };
  });

  switch (result.kind) {
    case "duplicate":
      return none(true);
    case "missing":
      log.error({ event: input.event?.id, orderId: input.orderId }, "payments: event names an unknown order");
      return none(false);
    case "unchanged":
      return { applied: false, duplicate: false, orderNumber: result.order.orderNumber, status: result.order.status };
    case "refund":
      await refundCancelledOrderQuietly(result.order.id);
      return { applied: true, duplicate: false, orderNumber: result.order.orderNumber, status: "CANCELLED" };
    case "paid": {
      const { order, partner } = result;
      sendOrderConfirmation({
        to: order.user.email,
        name: order.user.name,
        orderNumber: order.orderNumber,
        lines: order.lines,
        bill: billOfRow(order),
        paymentMethod: "CARD",
        testPayment,
        partner,
      });
      if (!partner) await dispatchIfPartnersFree();
      return { applied: true, duplicate: false, orderNumber: order.orderNumber, status: "PLACED" };
    }
  }
}

/**
 * Cancels an unpaid card order inside the caller's transaction and returns its stock. `restoreCart` asks for its
 * lines back in the shopper's cart, which only an order whose checkout emptied the cart needs (`cartKept` false:
 * placed before the cart was kept); a kept cart is left exactly as the shopper has it, so nothing is doubled.
 * Does nothing to an order that is paid or no longer pending. Returns the products back in stock, or null when
 * nothing changed.
 */
export async function cancelUnpaidInTx(
  tx: Tx,
  orderId: string,
  options: { restoreCart: boolean },
): Promise<{ orderNumber: string; restocked: string[] } | null> {
  if (!(await lockOrder(tx, orderId))) return null;
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: lockedSelect });
  if (order.status !== "PENDING_PAYMENT" || order.paymentStatus === "PAID") return null;
  await tx.order.update({
    where: { id: order.id },
    data: { status: "CANCELLED", paymentStatus: "FAILED", cancelledAt: new Date(), holdExpiresAt: null },
  });
  // its coupon use back first (the coupon's row before the products', the order placement's order of locks)
  await releaseCouponInTx(tx, order.id);
  const restocked = await returnStock(tx, order.storeId, order.id, order.lines);
  if (options.restoreCart && !order.cartKept) await restoreCart(tx, order.userId, order.lines);
  return { orderNumber: order.orderNumber, restocked };
}

/**
 * The payment failed, expired or was abandoned: an unpaid order is cancelled and its stock returned. The cart is
 * as the shopper left it (the checkout kept it); for an order whose checkout emptied it, a failed or
 * shopper-cancelled payment puts the items back (to pay another way), an expired one does not.
 */
export async function cancelUnpaidOrder(input: {
  orderId: string;
  event: EventRef | null;
  restoreCart: boolean;
}): Promise<PaymentOutcome> {
  const result = await runTx(async (tx) => {
    if (!(await recordEvent(tx, input.event, input.orderId))) return { kind: "duplicate" as const };
    const cancelled = await cancelUnpaidInTx(tx, input.orderId, { restoreCart: input.restoreCart });
    return { kind: "done" as const, cancelled };
  });
  if (result.kind === "duplicate") return none(true);
  if (!result.cancelled) {
    const order = await prisma.order.findUnique({
      where: { id: input.orderId },
      select: { orderNumber: true, status: true },
    });
    return { applied: false, duplicate: false, orderNumber: order?.orderNumber ?? null, status: order?.status ?? null };
  }
  if (result.cancelled.restocked.length) invalidateCatalog("stock", result.cancelled.restocked);
  return { applied: true, duplicate: false, orderNumber: result.cancelled.orderNumber, status: "CANCELLED" };
}

/**
 * The provider could not open a checkout for a new card order: cancel it, give back its stock (the cart was
 * kept), and forget its Idempotency-Key so that a retry with the same key starts afresh.
 */
export async function abandonCardOrder(orderId: string, userId: string, key: string | null): Promise<void> {
  const cancelled = await runTx(async (tx) => {
    const done = await cancelUnpaidInTx(tx, orderId, { restoreCart: true });
    if (key) {
      await tx.order.update({ where: { id: orderId }, data: { idempotencyKey: null } });
      await tx.idempotencyRecord.deleteMany({ where: { userId, key } });
    }
    return done;
  });
  if (cancelled?.restocked.length) invalidateCatalog("stock", cancelled.restocked);
}

/**
 * Refunds a cancelled order that was paid by card, once: the provider call carries an idempotency key derived
 * from the order (a retry or a concurrent call refunds nothing more), then the order is marked REFUNDED. An
 * order paid through the local test checkout is only marked. Returns whether the order is refunded now.
 */
export async function refundCancelledOrder(orderId: string): Promise<boolean> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      status: true,
      paymentMethod: true,
      paymentStatus: true,
      paymentIntentId: true,
      paymentSessionId: true,
      totalPaise: true,
    },
  });
  if (!order || order.paymentMethod !== "CARD" || order.status !== "CANCELLED") return false;
  if (order.paymentStatus === "REFUNDED") return true;
  if (order.paymentStatus !== "PAID") return false;
  await providerForSession(order.paymentSessionId).refund({
    orderId: order.id,
    paymentIntentId: order.paymentIntentId,
    amountPaise: order.totalPaise,
  });
  await prisma.order.updateMany({
    where: { id: order.id, paymentStatus: "PAID" },
    data: { paymentStatus: "REFUNDED", refundedAt: new Date() },
  });
  return true;
}

/** refundCancelledOrder after a commit: a provider failure is logged and left for the retry-refunds job (lib/jobs). */
export async function refundCancelledOrderQuietly(orderId: string): Promise<boolean> {
  try {
    return await refundCancelledOrder(orderId);
  } catch (error) {
    log.error({ err: error, orderId }, "payments: refund failed; the retry-refunds job will try again");
    return false;
  }
}
