import "server-only";
import { log } from "@/lib/log";
import { dispatchIfPartnersFree } from "@/lib/dispatch";
import { prisma } from "@/lib/db";
import { isLocalSession, providerForSession } from "@/lib/payments";
import { cancelUnpaidOrder, refundCancelledOrderQuietly } from "./fulfilment";

// The sweeper (decisions.md: a card order holds its stock for 30 minutes; a sweeper releases expired holds).
// There is no job runner: the sweep runs opportunistically, at the start of each checkout and when orders are
// listed, at most once per SWEEP_INTERVAL per server process. It also retries refunds whose provider call
// failed and hands out queued orders a missed wake-up left waiting. Each step is safe to run concurrently
// with itself and with the webhook: every order is re-checked under its row lock.

const SWEEP_INTERVAL_MS = 15_000;
const BATCH = 100;

export type ReleasedHolds = { released: number; orderNumbers: string[] };

/**
 * Cancels PENDING_PAYMENT orders whose hold has expired and returns their stock. A Stripe session still open is
 * expired first; if Stripe says it was paid meanwhile, the order is left for the webhook to mark paid.
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
  return refunded;
}

let lastSweep = 0;
let running: Promise<void> | null = null;

/** Runs the sweep if the last one in this process is older than 15 s. Never throws. */
export async function sweepOpportunistically(): Promise<void> {
  if (running || Date.now() - lastSweep < SWEEP_INTERVAL_MS) return;
  lastSweep = Date.now();
  running = (async () => {
    try {
      await releaseExpiredHolds();
    } catch (error) {
      log.error({ err: error }, "orders: releasing expired holds failed");
    }
    // refunds talk to the provider: not on the shopper's time
    void retryPendingRefunds().catch((error: unknown) => log.error({ err: error }, "orders: retrying refunds failed"));
    await dispatchIfPartnersFree();
  })();
  try {
    await running;
  } finally {
    running = null;
  }
}
