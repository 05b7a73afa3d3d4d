import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { cardPaymentMode, isLocalSession, providerForSession } from "@/lib/payments";
import { cancelUnpaidOrder, markOrderPaid, SESSION_CLOSED_MESSAGE } from "./fulfilment";
import { findOwnOrder } from "./own-order";
import { billOfRow, billSelect, fromAddressSnapshot } from "./records";
import type { Bill } from "@/lib/bill/compute";
import { normaliseOrderNumber } from "./order-number";
import type { DeliveryAddress } from "@/lib/addresses/schema";
import type { OrderStatusValue } from "./types";

// The local test checkout (/pay/<sessionId>), used without Stripe keys where test payments are allowed
// (lib/payments/test-payments.ts); anywhere else every session answers 404, as if it did not exist, so an order
// cannot be "paid" for nothing on a real shop. Only the order's own shopper can open it (another user's session
// answers 404 too). Pay and Cancel run the webhook's fulfilment functions, with an event id per session and
// outcome so a double click applies once; Pay marks the order as a test payment.

export type LocalCheckoutView = {
  sessionId: string;
  orderNumber: string;
  status: OrderStatusValue;
  totalPaise: number;
  mrpTotalPaise: number;
  itemCount: number;
  expiresAt: string | null;
  address: DeliveryAddress;
  lines: { name: string; image: string; unit: string; quantity: number; unitPricePaise: number }[];
  /** the order's bill: the page lists its fees (issue 18) */
  bill: Bill;
};

const SESSION_NOT_FOUND = "Payment session not found";

async function findSession(viewer: Viewer, sessionId: string) {
  if (!isLocalSession(sessionId) || cardPaymentMode() !== "local") {
    throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  }
  return findOwnOrder(viewer, { paymentSessionId: sessionId }, SESSION_NOT_FOUND, {
    id: true,
    userId: true,
    orderNumber: true,
    status: true,
    ...billSelect,
    itemCount: true,
    holdExpiresAt: true,
    addressSnapshot: true,
    lines: {
      select: { name: true, image: true, unit: true, quantity: true, unitPricePaise: true },
      orderBy: { id: "asc" },
    },
  });
}

export async function getLocalCheckout(viewer: Viewer, sessionId: string): Promise<LocalCheckoutView> {
  const order = await findSession(viewer, sessionId);
  return {
    sessionId,
    orderNumber: order.orderNumber,
    status: order.status,
    totalPaise: order.totalPaise,
    mrpTotalPaise: order.subtotalPaise,
    itemCount: order.itemCount,
    expiresAt: order.holdExpiresAt?.toISOString() ?? null,
    address: fromAddressSnapshot(order.addressSnapshot),
    lines: order.lines,
    bill: billOfRow(order),
  };
}

/** Pay: the order becomes PLACED + PAID and is dispatched; its quantities leave the cart. Paying twice is harmless. */
export async function payLocalCheckout(viewer: Viewer, sessionId: string): Promise<{ orderNumber: string }> {
  const order = await findSession(viewer, sessionId);
  if (order.status === "CANCELLED") throw new AppError("CONFLICT", SESSION_CLOSED_MESSAGE);
  await markOrderPaid({
    orderId: order.id,
    paymentIntentId: `pi_local_${order.id}`,
    event: { id: `${sessionId}:paid`, type: "local.payment_succeeded" },
    strict: true,
    testPayment: true,
  });
  return { orderNumber: order.orderNumber };
}

/** Cancel: the unpaid order is cancelled and its stock returned; the cart stays as the shopper left it. */
export async function cancelLocalCheckout(viewer: Viewer, sessionId: string): Promise<{ orderNumber: string }> {
  const order = await findSession(viewer, sessionId);
  if (order.status !== "PENDING_PAYMENT" && order.status !== "CANCELLED") {
    throw new AppError("CONFLICT", "This order is already paid; cancel it from your orders instead");
  }
  await cancelUnpaidOrder({
    orderId: order.id,
    event: { id: `${sessionId}:cancelled`, type: "local.payment_cancelled" },
    restoreCart: true,
  });
  return { orderNumber: order.orderNumber };
}

/**
 * The shopper came back through the provider's cancel_url (/cancel?order=…): an order of theirs still waiting
 * for payment is cancelled — unless the provider says it was paid after all. Returns what happened.
 */
export async function abandonPendingPayment(
  viewer: Viewer,
  rawOrderNumber: string,
): Promise<"cancelled" | "paid" | "unchanged"> {
  const order = await prisma.order.findUnique({
    where: { orderNumber: normaliseOrderNumber(rawOrderNumber) },
    select: { id: true, userId: true, status: true, paymentSessionId: true },
  });
  if (!order || order.userId !== viewer.id) throw new AppError("NOT_FOUND", "Order not found");
  if (order.status !== "PENDING_PAYMENT") return "unchanged";
  if (order.paymentSessionId && !isLocalSession(order.paymentSessionId)) {
    const state = await providerForSession(order.paymentSessionId).expireSession(order.paymentSessionId);
    if (state === "completed") return "paid";
  }
  const outcome = await cancelUnpaidOrder({ orderId: order.id, event: null, restoreCart: true });
  return outcome.applied ? "cancelled" : "unchanged";
}
