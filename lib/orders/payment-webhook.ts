import "server-only";
import { log } from "@/lib/log";
import { z } from "zod";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isSignatureError, paymentSettings, TIP_PURPOSE, verifyStripeEvent, type VerifiedEvent } from "@/lib/payments";
import { cancelUnpaidOrder, markOrderPaid, type PaymentOutcome } from "./fulfilment";
import { applyTipSessionEvent } from "./tip-after-delivery";

// POST /api/order/webhook: Stripe's events about Checkout Sessions. The signature is checked over the RAW body
// with STRIPE_WEBHOOK_SECRET (a missing, forged or stale one → 400, nothing changes; without the secret → 404). Each event is applied once
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
  // an id this shop never issues cannot name one of its orders
  if (fromMetadata) return ORDER_ID.test(fromMetadata) ? fromMetadata : null;
  const order = await prisma.order.findUnique({ where: { paymentSessionId: session.id }, select: { id: true } });
  return order?.id ?? null;
}

const intentOf = (session: Session): string | null =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

// A signed event is Stripe's, but its contents are still only used once they have the shape this code reads:
// ids are plain text (a NUL or an object there would reach the database as a query argument).
const text = z.string().min(1).max(255).regex(/^[\x20-\x7e]+$/);
const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const eventShape = z.object({
  id: text,
  type: text,
  data: z.object({
    object: z.looseObject({
      id: text,
      metadata: z.record(z.string(), z.string()).nullish(),
      client_reference_id: z.string().max(255).nullish(),
      payment_status: z.string().max(64).nullish(),
      payment_intent: z.union([text, z.looseObject({ id: text })]).nullish(),
    }),
  }),
});

export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookResult> {
  if (!signature) throw new AppError("VALIDATION", "Missing Stripe-Signature header");
  const { webhookSecret } = paymentSettings();
  // nothing can be verified, so nothing is accepted; a 4xx, since it is not a passing outage
  if (!webhookSecret) throw new AppError("NOT_FOUND", "Payment webhooks are not enabled on this shop");
  let event: VerifiedEvent;
  try {
    event = verifyStripeEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    if (isSignatureError(error)) throw new AppError("VALIDATION", "Invalid webhook signature");
    throw new AppError("VALIDATION", "Invalid webhook payload");
  }
  if (!HANDLED.has(event.type)) return { received: true, ignored: true };
  if (!eventShape.safeParse(event).success) throw new AppError("VALIDATION", "Invalid webhook payload");

  const session = event.data.object as Session;
  const ref = { id: event.id, type: event.type };
  // a tip added after delivery has its own session (lib/orders/tip-after-delivery.ts): it never touches the order's payment
  if (session.metadata?.purpose === TIP_PURPOSE) {
    const tipId = session.metadata.tipId;
    const tip = await applyTipSessionEvent({
      type: event.type,
      sessionId: session.id,
      tipId: tipId && ORDER_ID.test(tipId) ? tipId : null,
      paid: session.payment_status === "paid",
      paymentIntentId: intentOf(session),
      event: ref,
    });
    return tip ? { received: true, duplicate: tip.duplicate, applied: tip.applied } : { received: true, ignored: true };
  }
  const orderId = await orderIdOf(session);
  if (!orderId) {
    log.error({ event: event.id, type: event.type, session: session.id }, "payments: event names no order");
    return { received: true, ignored: true };
  }
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
