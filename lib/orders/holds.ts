import "server-only";
import { log } from "@/lib/log";
import { prisma } from "@/lib/db";
import { isLocalSession, providerForSession } from "@/lib/payments";
import { cancelUnpaidOrder, refundCancelledOrderQuietly } from "./fulfilment";
import { partRefundsDue, refundPartDue } from "./substitution";

// The sweeper's two halves (decisions.md: a card order holds its stock for a while; a sweeper releases expired
// holds, and a refund whose provider call failed is tried again). They run as scheduled jobs (lib/queue/queues.ts),
// never on a shopper's request. Each is safe to run concurrently with itself, on several instances, and with the
// webhook: every order is re-checked under its row lock.

const BATCH = 100;

export type ReleasedHolds = { released: number; orderNumbers: string[] };

/**
 * Cancels PENDING_PAYMENT orders whose hold has expired (HOLD_MINUTES after checkout) and returns their stock; the
 * cart stays as the shopper has it. A Stripe session still open (they last longer than the hold) is expired first;
 * if Stripe says it was paid meanwhile, the order is left for the webhook to mark paid. A payment that arrives
 * after the release anyway is refunded (markOrderPaid).
 */
export async function releaseExpiredHolds(now: Date = new Date()): Promise<ReleasedHolds> {
  const expired = await prisma.order.findMany({
    where: { status: "PENDING_PAYMENT", holdExpiresAt: { lte: now } },
    select: { id: true, paymentSessionId: true },
    orderBy: { holdExpiresAt: "asc" },
    take: BATCH,
  });
  const orderNumbers: string[] = [];
  for (const order of expired) {
    if (order.paymentSessionId && !isLocalSession(order.paymentSessionId)) {
      try {
        const state = await providerForSession(order.paymentSessionId).expireSession(order.paymentSessionId);
        if (state === "completed") continue;
      } catch (error) {
        log.error({ err: error, orderId: order.id }, "payments: could not expire the checkout session; will retry");
        continue;
      }
    }
    const outcome = await cancelUnpaidOrder({ orderId: order.id, event: null, restoreCart: false });
    if (outcome.applied && outcome.orderNumber) orderNumbers.push(outcome.orderNumber);
  }
  return { released: orderNumbers.length, orderNumbers };
}

/** Refunds that failed after their order was cancelled (the provider was down): tried again. */
export async function retryPendingRefunds(): Promise<number> {
  const pending = await prisma.order.findMany({
    where: { status: "CANCELLED", paymentMethod: "CARD", paymentStatus: "PAID" },
    select: { id: true },
    take: BATCH,
  });
  let refunded = 0;
  for (const order of pending) if (await refundCancelledOrderQuietly(order.id)) refunded++;
  // partial refunds owed after packing (issue 18, substitutions)
  const parts = await prisma.order.findMany({ where: partRefundsDue, select: { id: true }, take: BATCH });
  for (const order of parts) {
    try {
      if (await refundPartDue(order.id)) refunded++;
    } catch (error) {
      log.error({ err: error, orderId: order.id }, "payments: partial refund failed again; will retry");
    }
  }
  return refunded;
}

/** How many cancelled card orders still wait for their refund (the refunds job fails, and is retried, while any do). */
export async function countPendingRefunds(): Promise<number> {
  const [whole, parts] = await Promise.all([
    prisma.order.count({ where: { status: "CANCELLED", paymentMethod: "CARD", paymentStatus: "PAID" } }),
    prisma.order.count({ where: partRefundsDue }),
  ]);
  return whole + parts;
}
