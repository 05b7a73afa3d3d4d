import "server-only";
import Stripe from "stripe";
import {
  TIP_PURPOSE,
  type CheckoutRequest,
  type CheckoutSession,
  type PartialRefundRequest,
  type PaymentProvider,
  type RefundRequest,
  type TipCheckoutRequest,
} from "./provider";
import { paymentSettings } from "./settings";

// Stripe Checkout (DESIGN.md: send shoppers to session.url). Amounts are server-computed INR line items in paise;
// every write carries an idempotency key derived from the order, so a retried request (ours or the SDK's own
// network retries) never opens a second session or refunds twice. STRIPE_API_URL points the real SDK at a local
// fake in tests (new Stripe(key, { host, port, protocol })).

const clients = new Map<string, Stripe>();

export function stripeClient(): Stripe {
  const { secretKey, apiUrl } = paymentSettings();
  if (!secretKey) throw new Error("STRIPE_SECRET_KEY is not set");
  const cacheKey = `${secretKey}\n${apiUrl ?? ""}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const config: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
    if (apiUrl) {
      const url = new URL(apiUrl);
      const protocol = url.protocol === "http:" ? "http" : "https";
      config.protocol = protocol;
      config.host = url.hostname;
      config.port = url.port || (protocol === "http" ? 80 : 443);
    }
    client = new Stripe(secretKey, config);
    clients.set(cacheKey, client);
  }
  return client;
}

/** Query-string template Stripe fills in itself (it must not be URL-encoded). */
const SESSION_ID_TEMPLATE = "{CHECKOUT_SESSION_ID}";

export function stripeProvider(): PaymentProvider {
  const { appUrl } = paymentSettings();
  const stripe = stripeClient();
  return {
    kind: "stripe",

    async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: "inr",
          line_items: request.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: "inr",
              unit_amount: line.unitPricePaise,
              product_data: { name: line.name, ...(line.image ? { images: [line.image] } : {}) },
            },
          })),
          customer_email: request.customerEmail,
          client_reference_id: request.orderId,
          metadata: { orderId: request.orderId, orderNumber: request.orderNumber },
          payment_intent_data: { metadata: { orderId: request.orderId, orderNumber: request.orderNumber } },
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          success_url: `${appUrl}/success?text=Payment&session_id=${SESSION_ID_TEMPLATE}`,
          cancel_url: `${appUrl}/cancel?order=${encodeURIComponent(request.orderNumber)}`,
        },
        { idempotencyKey: `kwikmart-checkout-${request.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    async createTipCheckoutSession(request: TipCheckoutRequest): Promise<CheckoutSession> {
      const metadata = { purpose: TIP_PURPOSE, tipId: request.tipId, orderId: request.orderId, orderNumber: request.orderNumber };
      const back = `${appUrl}/dashboard/myorders/${encodeURIComponent(request.orderNumber)}`;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: "inr",
          line_items: [
            {
              quantity: 1,
              price_data: { currency: "inr", unit_amount: request.amountPaise, product_data: { name: request.label } },
            },
          ],
          customer_email: request.customerEmail,
          client_reference_id: request.orderId,
          metadata,
          payment_intent_data: { metadata },
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          success_url: `${back}?tip=paid`,
          cancel_url: `${back}?tip=cancelled`,
        },
        { idempotencyKey: `kwikmart-tip-${request.tipId}-${request.attempt}` },
      );
      if (!session.url) throw new Error(`Stripe returned tip session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    async refund(request: RefundRequest): Promise<{ id: string }> {
      if (!request.paymentIntentId) throw new Error(`order ${request.orderId} has no payment intent to refund`);
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.paymentIntentId, metadata: { orderId: request.orderId } },
          { idempotencyKey: `kwikmart-refund-${request.orderId}` },
        );
        return { id: refund.id };
      } catch (error) {
        // a refund after Stripe forgot the idempotency key (24 h) finds the charge refunded already: done
        if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded") {
          return { id: "already-refunded" };
        }
        throw error;
      }
    },

    async refundPart(request: PartialRefundRequest): Promise<{ id: string }> {
      if (!request.paymentIntentId) throw new Error(`order ${request.orderId} has no payment intent to refund`);
      // its own idempotency key: the whole-order refund's key (above) must not answer this one, nor the other way
      const refund = await stripe.refunds.create(
        {
          payment_intent: request.paymentIntentId,
          amount: request.amountPaise,
          metadata: { orderId: request.orderId, reason: request.key },
        },
        { idempotencyKey: `kwikmart-refund-${request.orderId}-${request.key}` },
      );
      return { id: refund.id };
    },

    async expireSession(sessionId: string): Promise<"expired" | "completed"> {
      try {
        await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `kwikmart-expire-${sessionId}` });
        return "expired";
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        // not expirable: it is either complete (paid) or already expired
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return session.status === "complete" ? "completed" : "expired";
      }
    },
  };
}

export type VerifiedEvent = Stripe.Event;

/**
 * Verifies a webhook's Stripe-Signature over the raw body (timestamp tolerance 5 minutes) and parses it.
 * Throws Stripe's signature error for a missing, forged or stale signature.
 */
export function verifyStripeEvent(rawBody: string, signature: string | null, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature ?? "", secret);
}

export const isSignatureError = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeSignatureVerificationError;
