import "server-only";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isSignatureError, paymentSettings, verifyStripeEvent, type VerifiedEvent } from "@/lib/payments";
import { cancelUnpaidOrder, markOrderPaid, type PaymentOutcome } from "./fulfilment";

// POST /api/order/webhook: Stripe's events about Checkout Sessions. The signature is checked over the RAW body
// with STRIPE_WEBHOOK_SECRET (a missing, forged or stale one → 400, nothing changes). Each event is applied once
// (lib/orders/fulfilment.ts). A database failure while applying propagates (→ 500) so that Stripe retries.

export type WebhookResult = { received: true; duplicate?: boolean; ignored?: boolean; applied?: boolean };

type Session = Extract<VerifiedEvent, { type: "checkout.session.completed" }>["data"]["object"];

const HANDLED = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

async function orderIdOf(session: Session): Promise<string | null> {
  const fromMetadata = session.metadata?.orderId || session.client_reference_id;
  if (fromMetadata) return fromMetadata;
  const order = await prisma.order.findUnique({ where: { paymentSessionId: session.id }, select: { id: true } });
  return order?.id ?? null;
}

const intentOf = (session: Session): string | null =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookResult> {
  const { webhookSecret } = paymentSettings();
  if (!webhookSecret) throw new AppError("UNAVAILABLE", "Payment webhooks are not configured");
  if (!signature) throw new AppError("VALIDATION", "Missing Stripe-Signature header");
  let event: VerifiedEvent;
  try {
    event = verifyStripeEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    if (isSignatureError(error)) throw new AppError("VALIDATION", "Invalid webhook signature");
    throw new AppError("VALIDATION", "Invalid webhook payload");
  }
  if (!HANDLED.has(event.type)) return { received: true, ignored: true };

  const session = event.data.object as Session;
  const orderId = await orderIdOf(session);
  if (!orderId) {
    console.error(`payments: ${event.type} ${event.id} for session ${session.id} names no order`);
    return { received: true, ignored: true };
  }
  const ref = { id: event.id, type: event.type };
  let outcome: PaymentOutcome;
  switch (event.type) {
    case "checkout.session.completed":
      // delayed methods complete the session unpaid; async_payment_succeeded follows
      if (session.payment_status !== "paid") return { received: true, ignored: true };
      outcome = await markOrderPaid({ orderId, paymentIntentId: intentOf(session), event: ref });
      break;
    case "checkout.session.async_payment_succeeded":
      outcome = await markOrderPaid({ orderId, paymentIntentId: intentOf(session), event: ref });
      break;
    case "checkout.session.async_payment_failed":
      outcome = await cancelUnpaidOrder({ orderId, event: ref, restoreCart: true });
      break;
    default:
      outcome = await cancelUnpaidOrder({ orderId, event: ref, restoreCart: false });
  }
  return { received: true, duplicate: outcome.duplicate, applied: outcome.applied };
}
