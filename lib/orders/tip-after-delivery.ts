import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { MAX_TIP_PAISE, TIP_CHOICES_PAISE, TIP_LABEL } from "@/lib/bill/tips";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { validate } from "@/lib/http/parse";
import { log } from "@/lib/log";
import { formatPaise } from "@/lib/money";
import {
  cardPaymentMode,
  isLocalSession,
  newLocalSessionId,
  paymentProvider,
  providerForSession,
} from "@/lib/payments";
import { recordEvent, SESSION_CLOSED_MESSAGE, type EventRef } from "./fulfilment";
import { findOwnOrder } from "./own-order";
import { tipAfterDeliverySchema } from "./tip-schema";
import { lockOrder, runTx, type Tx } from "./tx";
import { ORDER_NOT_FOUND, type OrderStatusValue } from "./types";

// A tip added from the order page after delivery (issue 18). The shopper of a DELIVERED order (cash or card) picks
// ₹10 / ₹20 / ₹30 or a custom amount up to the checkout's cap and pays it by card in its own hosted checkout
// (Stripe Checkout, or the local test checkout /pay/tip/<session> where test payments are allowed): a TipPayment
// row, its own session and idempotency key, metadata purpose "tip". Nothing on the order changes until the payment
// is confirmed (Stripe's webhook, or Pay on the local page): then, in one transaction under the order's row lock,
// the tip row becomes PAID and the order's tipPaise and totalPaise grow by the amount — the bill's tip and grand
// total, and the delivery partner's tips (Today reads the order's tipPaise). Each provider event applies once
// (PaymentEvent), and a PAID tip is never paid again. One tip per order after delivery: a second attempt while one
// waits for payment, or after one is paid, is refused; a cancelled or expired attempt can be started again.

/** A tip session stays open this long: Stripe's minimum (30 minutes) and a minute to spare. */
export const TIP_SESSION_MINUTES = 31;

export type TipAfterDeliveryState =
  /** delivered, no tip added after delivery yet: offer one */
  | { state: "offer"; choicesPaise: readonly number[]; maxPaise: number }
  /** a tip waiting for its payment: its hosted page to go back to */
  | { state: "pending"; amountPaise: number; url: string | null }
  /** paid: "Tip ₹20 — thank you" */
  | { state: "paid"; amountPaise: number; testPayment: boolean };

export type TipCheckout = { message: string; orderNumber: string; amountPaise: number; sessionId: string; url: string };

export const tipThanks = (amountPaise: number) => `Tip ${formatPaise(amountPaise)} — thank you`;

const notDelivered = (status: OrderStatusValue) =>
  new AppError(
    "CONFLICT",
    status === "CANCELLED"
      ? "This order was cancelled, so there is no delivery to tip for"
      : "You can add a tip once your order is delivered",
  );
const alreadyTipped = (amountPaise: number) =>
  new AppError("CONFLICT", `You already tipped ${formatPaise(amountPaise)} for this order — thank you! One tip can be added after delivery.`);
const waitingForPayment = (amountPaise: number) =>
  new AppError(
    "CONFLICT",
    `Your ${formatPaise(amountPaise)} tip for this order is waiting for payment: pay it or cancel it on the order page first.`,
  );
const PAID_MEANWHILE = "Your tip was paid a moment ago; it will show on the bill shortly.";
const NOTHING_PENDING = "There is no tip waiting for payment on this order";

const tipSelect = {
  id: true,
  orderId: true,
  amountPaise: true,
  status: true,
  attempt: true,
  sessionId: true,
  paymentUrl: true,
  testPayment: true,
  expiresAt: true,
} as const;

type TipRow = { id: string; status: "PENDING" | "PAID" | "CANCELLED"; sessionId: string | null; expiresAt: Date };

const isStale = (tip: TipRow, now = new Date()) => tip.status === "PENDING" && tip.expiresAt <= now;

/** Cancels a waiting tip inside the caller's transaction (the order row locked); false when it no longer waits. */
async function cancelTipInTx(tx: Tx, tipId: string, sessionId: string | null): Promise<boolean> {
  const done = await tx.tipPayment.updateMany({
    where: { id: tipId, status: "PENDING", sessionId },
    data: { status: "CANCELLED" },
  });
  return done.count === 1;
}

async function cancelTip(orderId: string, tip: TipRow): Promise<void> {
  await runTx(async (tx) => {
    await lockOrder(tx, orderId);
    await cancelTipInTx(tx, tip.id, tip.sessionId);
  });
}

/**
 * Closes a waiting tip at the provider before it is cancelled here, so it can no longer be paid. "paid": the
 * provider says it was paid meanwhile (its webhook will record it), so it stays as it is.
 */
async function closeTip(orderId: string, tip: TipRow): Promise<"cancelled" | "paid"> {
  if (tip.sessionId && !isLocalSession(tip.sessionId)) {
    const state = await providerForSession(tip.sessionId).expireSession(tip.sessionId);
    if (state === "completed") return "paid";
  }
  await cancelTip(orderId, tip);
  return "cancelled";
}

/** What the order page offers for one of the viewer's orders: null unless it is delivered and card payments are on. */
export async function tipAfterDeliveryOf(viewer: Viewer, orderId: string): Promise<TipAfterDeliveryState | null> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: { userId: true, status: true, tipPayment: { select: tipSelect } },
  });
  if (!order || order.userId !== viewer.id || order.status !== "DELIVERED") return null;
  const tip = order.tipPayment;
  if (tip?.status === "PAID") return { state: "paid", amountPaise: tip.amountPaise, testPayment: tip.testPayment };
  if (tip?.status === "PENDING" && !isStale(tip)) {
    return { state: "pending", amountPaise: tip.amountPaise, url: tip.paymentUrl };
  }
  if (!cardPaymentMode()) return null;
  return { state: "offer", choicesPaise: TIP_CHOICES_PAISE, maxPaise: MAX_TIP_PAISE };
}

/**
 * Starts a tip after delivery: only for the viewer's own DELIVERED order with no tip after delivery paid or
 * waiting; the amount is the shopper's choice, checked here against the cap. Opens the provider's hosted checkout
 * and answers its URL; nothing is charged or added to the order until the payment is confirmed.
 */
export async function startTipAfterDelivery(viewer: Viewer, body: unknown): Promise<TipCheckout> {
  const { orderId: orderNumber, tipPaise } = validate(tipAfterDeliverySchema, body ?? {});
  const order = await findOwnOrder(viewer, { orderNumber }, ORDER_NOT_FOUND, {
    id: true,
    userId: true,
    orderNumber: true,
    status: true,
    user: { select: { email: true } },
    tipPayment: { select: tipSelect },
  });
  if (order.status !== "DELIVERED") throw notDelivered(order.status);
  // before anything is written: a shop that takes no card payments says so (503)
  const provider = paymentProvider();
  // an attempt whose session ran out is closed (at the provider too) before a new one starts
  if (order.tipPayment && isStale(order.tipPayment) && (await closeTip(order.id, order.tipPayment)) === "paid") {
    throw new AppError("CONFLICT", PAID_MEANWHILE);
  }

  const tip = await runTx(async (tx) => {
    await lockOrder(tx, order.id);
    const current = await tx.order.findUniqueOrThrow({
      where: { id: order.id },
      select: { status: true, tipPayment: { select: tipSelect } },
    });
    if (current.status !== "DELIVERED") throw notDelivered(current.status);
    const existing = current.tipPayment;
    if (existing?.status === "PAID") throw alreadyTipped(existing.amountPaise);
    if (existing?.status === "PENDING") throw waitingForPayment(existing.amountPaise);
    const data = {
      amountPaise: tipPaise,
      status: "PENDING" as const,
      sessionId: provider.kind === "local" ? newLocalSessionId() : null,
      paymentUrl: null,
      paymentIntentId: null,
      testPayment: false,
      expiresAt: new Date(Date.now() + TIP_SESSION_MINUTES * 60_000),
    };
    return existing
      ? tx.tipPayment.update({ where: { id: existing.id }, data: { ...data, attempt: { increment: 1 } }, select: tipSelect })
      : tx.tipPayment.create({ data: { ...data, orderId: order.id }, select: tipSelect });
  });

  let session;
  try {
    session = await provider.createTipCheckoutSession({
      tipId: tip.id,
      attempt: tip.attempt,
      orderId: order.id,
      orderNumber: order.orderNumber,
      customerEmail: order.user.email,
      amountPaise: tip.amountPaise,
      label: `${TIP_LABEL} · order ${order.orderNumber}`,
      expiresAt: tip.expiresAt,
      sessionId: tip.sessionId,
    });
  } catch (error) {
    log.error({ err: error, order: order.orderNumber }, "payments: opening a tip checkout session failed");
    await cancelTip(order.id, tip);
    throw new AppError("UNAVAILABLE", "The card payment could not be started; nothing was charged. Try again in a minute.");
  }
  await prisma.tipPayment.updateMany({
    where: { id: tip.id, attempt: tip.attempt, status: "PENDING" },
    data: { sessionId: session.id, paymentUrl: session.url },
  });
  return {
    message: `Redirecting you to pay your ${formatPaise(tip.amountPaise)} tip`,
    orderNumber: order.orderNumber,
    amountPaise: tip.amountPaise,
    sessionId: session.id,
    url: session.url,
  };
}

/** "Cancel" beside a tip waiting for payment on the order page: it can no longer be paid, and a new one can start. */
export async function cancelTipAfterDelivery(viewer: Viewer, orderNumber: string): Promise<{ orderNumber: string }> {
  const order = await findOwnOrder(viewer, { orderNumber }, ORDER_NOT_FOUND, {
    id: true,
    userId: true,
    orderNumber: true,
    tipPayment: { select: tipSelect },
  });
  const tip = order.tipPayment;
  if (!tip || tip.status !== "PENDING") throw new AppError("CONFLICT", NOTHING_PENDING);
  if ((await closeTip(order.id, tip)) === "paid") throw new AppError("CONFLICT", PAID_MEANWHILE);
  return { orderNumber: order.orderNumber };
}

export type TipOutcome = { applied: boolean; duplicate: boolean; orderNumber: string | null };

/**
 * The tip's payment went through: once (the event id, and a tip that is PAID stays as it is), the tip becomes PAID
 * and the order's tip and grand total grow by it. `strict` (the local test checkout, where the shopper is paying
 * right now) refuses a closed or expired session instead.
 */
export async function markTipPaid(input: {
  sessionId: string;
  /** from the session's metadata: finds the tip if its session id was not stored yet */
  tipId?: string | null;
  paymentIntentId?: string | null;
  event: EventRef | null;
  strict?: boolean;
  testPayment?: boolean;
}): Promise<TipOutcome> {
  const found =
    (await prisma.tipPayment.findUnique({ where: { sessionId: input.sessionId }, select: { id: true, orderId: true } })) ??
    (input.tipId
      ? await prisma.tipPayment.findFirst({ where: { id: input.tipId, sessionId: null }, select: { id: true, orderId: true } })
      : null);
  if (!found) {
    log.error({ event: input.event?.id, session: input.sessionId }, "payments: a tip payment names no waiting tip");
    return { applied: false, duplicate: false, orderNumber: null };
  }
  const now = new Date();
  return runTx(async (tx) => {
    if (!(await recordEvent(tx, input.event, found.orderId))) return { applied: false, duplicate: true, orderNumber: null };
    await lockOrder(tx, found.orderId);
    const tip = await tx.tipPayment.findUniqueOrThrow({
      where: { id: found.id },
      select: { ...tipSelect, order: { select: { orderNumber: true } } },
    });
    const orderNumber = tip.order.orderNumber;
    if (tip.status === "PAID") return { applied: false, duplicate: false, orderNumber };
    if (input.strict && (tip.status !== "PENDING" || tip.expiresAt <= now)) {
      throw new AppError("CONFLICT", SESSION_CLOSED_MESSAGE);
    }
    if (tip.sessionId !== null && tip.sessionId !== input.sessionId) {
      // an earlier attempt's session (each is closed at the provider before a new one starts): not this tip's money
      log.error({ event: input.event?.id, session: input.sessionId }, "payments: a replaced tip session was paid");
      return { applied: false, duplicate: false, orderNumber };
    }
    // (a CANCELLED tip whose own session the provider says was paid: the money came, so the tip counts)
    await tx.tipPayment.update({
      where: { id: tip.id },
      data: {
        status: "PAID",
        paidAt: now,
        sessionId: input.sessionId,
        testPayment: input.testPayment === true,
        ...(input.paymentIntentId ? { paymentIntentId: input.paymentIntentId } : {}),
      },
    });
    await tx.order.update({
      where: { id: tip.orderId },
      data: { tipPaise: { increment: tip.amountPaise }, totalPaise: { increment: tip.amountPaise } },
    });
    return { applied: true, duplicate: false, orderNumber };
  });
}

/** The tip's payment failed, expired or was cancelled: a waiting tip is cancelled (once per event). */
export async function markTipCancelled(input: { sessionId: string; event: EventRef | null }): Promise<TipOutcome> {
  const found = await prisma.tipPayment.findUnique({
    where: { sessionId: input.sessionId },
    select: { id: true, orderId: true, order: { select: { orderNumber: true } } },
  });
  if (!found) return { applied: false, duplicate: false, orderNumber: null };
  return runTx(async (tx) => {
    if (!(await recordEvent(tx, input.event, found.orderId))) return { applied: false, duplicate: true, orderNumber: null };
    await lockOrder(tx, found.orderId);
    const applied = await cancelTipInTx(tx, found.id, input.sessionId);
    return { applied, duplicate: false, orderNumber: found.order.orderNumber };
  });
}

// ---- the local test checkout of a tip (/pay/tip/<sessionId>): bound to the order's shopper, like the order's ----

export type LocalTipCheckoutView = {
  sessionId: string;
  orderNumber: string;
  amountPaise: number;
  /** open: Pay and Cancel; otherwise what became of it */
  state: "open" | "paid" | "closed";
};

const SESSION_NOT_FOUND = "Payment session not found";

async function findLocalTip(viewer: Viewer, sessionId: string) {
  if (!isLocalSession(sessionId) || cardPaymentMode() !== "local") throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  const tip = await prisma.tipPayment.findUnique({
    where: { sessionId },
    select: { ...tipSelect, order: { select: { userId: true, orderNumber: true } } },
  });
  if (!tip || tip.order.userId !== viewer.id) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  return tip;
}

export async function getLocalTipCheckout(viewer: Viewer, sessionId: string): Promise<LocalTipCheckoutView> {
  const tip = await findLocalTip(viewer, sessionId);
  const state = tip.status === "PAID" ? "paid" : tip.status === "PENDING" && !isStale(tip) ? "open" : "closed";
  return { sessionId, orderNumber: tip.order.orderNumber, amountPaise: tip.amountPaise, state };
}

/** Pay on the local tip page: the same function as Stripe's webhook, marked as a test payment. */
export async function payLocalTip(viewer: Viewer, sessionId: string): Promise<{ orderNumber: string }> {
  const tip = await findLocalTip(viewer, sessionId);
  await markTipPaid({
    sessionId,
    paymentIntentId: `pi_local_tip_${tip.id}`,
    event: { id: `${sessionId}:paid`, type: "local.tip_succeeded" },
    strict: true,
    testPayment: true,
  });
  return { orderNumber: tip.order.orderNumber };
}

/** Cancel on the local tip page: the tip no longer waits, and nothing changes on the order. */
export async function cancelLocalTip(viewer: Viewer, sessionId: string): Promise<{ orderNumber: string }> {
  const tip = await findLocalTip(viewer, sessionId);
  if (tip.status === "PAID") throw new AppError("CONFLICT", "This tip is already paid — thank you!");
  await markTipCancelled({ sessionId, event: { id: `${sessionId}:cancelled`, type: "local.tip_cancelled" } });
  return { orderNumber: tip.order.orderNumber };
}

/** Stripe's events about a tip's session (metadata purpose "tip"), from the order webhook. */
export async function applyTipSessionEvent(input: {
  type: string;
  sessionId: string;
  tipId: string | null;
  paid: boolean;
  paymentIntentId: string | null;
  event: EventRef;
}): Promise<TipOutcome | null> {
  switch (input.type) {
    case "checkout.session.completed":
      // delayed methods complete the session unpaid; async_payment_succeeded follows
      if (!input.paid) return null;
      return markTipPaid(input);
    case "checkout.session.async_payment_succeeded":
      return markTipPaid(input);
    default:
      return markTipCancelled(input);
  }
}
