import "server-only";
import { log } from "@/lib/log";
import { invalidateCatalog } from "@/lib/catalog/cache";
import { Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isLocalSession, providerForSession } from "@/lib/payments";
import { cancelUnpaidInTx } from "./fulfilment";
import { runTx, type Tx } from "./tx";

// One order awaiting card payment per account (issue 15 F5, issue 20 #6): a new checkout, card or cash, replaces
// the shopper's pending one. Its provider session is expired first (as the hold sweeper does), so it cannot be paid
// after its stock is let go; then it is cancelled and its stock returned. The cart needs nothing: the card checkout
// left it as it was, and the new checkout orders from it.

export type Pending = { id: string; orderNumber: string; paymentSessionId: string | null };

/**
 * The column of the account's orders awaiting payment (a JSON array of Pending), except the one a retried request
 * (same Idempotency-Key) made: for the placement's one look before its transaction (issue 19 #3).
 */
export const pendingPaymentsSql = (userId: string, exceptKey: string | null): Prisma.Sql => Prisma.sql`
  (SELECT COALESCE(json_agg(json_build_object('id', id, 'orderNumber', "orderNumber",
                                              'paymentSessionId', "paymentSessionId")), '[]'::json)
   FROM "Order"
   WHERE "userId" = ${userId} AND status = 'PENDING_PAYMENT'
     AND (${exceptKey}::text IS NULL OR "idempotencyKey" IS NULL OR "idempotencyKey" <> ${exceptKey}))`;

/**
 * Expires each pending order's Stripe session, then cancels the order and returns its stock (committed before the
 * new order is placed, so a failure there leaves nothing half-done). A session Stripe says was paid meanwhile
 * stops the new checkout with a 409: that order is being placed. Stripe unreachable: the order is cancelled anyway,
 * and a payment that still arrives is refunded (markOrderPaid), so a cash order never waits on the card provider.
 */
export async function releasePendingPayments(pending: readonly Pending[]): Promise<void> {
  for (const order of pending) {
    const session = order.paymentSessionId;
    if (session && !isLocalSession(session)) {
      let state: "expired" | "completed";
      try {
        state = await providerForSession(session).expireSession(session);
      } catch (error) {
        log.warn({ err: error, order: order.orderNumber }, "payments: could not expire a replaced checkout session");
        state = "expired";
      }
      if (state === "completed") {
        throw new AppError(
          "CONFLICT",
          `Your payment for order ${order.orderNumber} went through a moment ago. Check My Orders before ordering again.`,
        );
      }
    }
    const cancelled = await runTx((tx) => cancelUnpaidInTx(tx, order.id, { restoreCart: false }));
    if (cancelled?.restocked.length) invalidateCatalog("stock", cancelled.restocked);
  }
}

/**
 * Inside the new order's transaction (the account's row locked): any order still awaiting payment — one a
 * concurrent checkout made after the look above — is cancelled too, so an account never has two. Its session was
 * not expired (no provider calls inside a transaction); a payment that still arrives for it is refunded.
 * Returns the products back in stock.
 */
export async function cancelPendingInTx(tx: Tx, userId: string): Promise<string[]> {
  const pending = await tx.order.findMany({
    where: { userId, status: "PENDING_PAYMENT" },
    select: { id: true },
  });
  const restocked: string[] = [];
  for (const order of pending) {
    const done = await cancelUnpaidInTx(tx, order.id, { restoreCart: false });
    if (done) restocked.push(...done.restocked);
  }
  return restocked;
}
