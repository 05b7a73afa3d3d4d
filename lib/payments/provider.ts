import "server-only";

// Card payments sit behind this interface (DESIGN.md: every outside service has two adapters): Stripe Checkout
// when both Stripe keys are set, otherwise — only where test payments are allowed — a local test checkout page
// where no money moves; elsewhere no card payments at all (./index.ts). Both hand the shopper a URL; the order
// domain (lib/orders) applies the outcome with the same fulfilment functions.

export type CheckoutLine = {
  name: string;
  /** price per unit after discount, in paise */
  unitPricePaise: number;
  quantity: number;
  /** absolute https URL, when there is one (Stripe shows it) */
  image?: string;
};

export type CheckoutRequest = {
  /** internal order id: metadata, client_reference_id, idempotency key */
  orderId: string;
  orderNumber: string;
  customerEmail: string;
  lines: CheckoutLine[];
  totalPaise: number;
  /** when the provider must stop accepting payment (the stock hold ends shortly after) */
  expiresAt: Date;
  /** local adapter: the random session id already stored on the order */
  sessionId?: string | null;
};

export type CheckoutSession = { id: string; url: string };

/**
 * A tip added after delivery (issue 18): its own hosted checkout for one amount, apart from the order's payment.
 * Its metadata names the tip and the order (purpose "tip"), so the webhook applies it to the tip, never the order.
 */
export type TipCheckoutRequest = {
  /** the TipPayment's id: metadata and, with the attempt, the idempotency key */
  tipId: string;
  attempt: number;
  orderId: string;
  orderNumber: string;
  customerEmail: string;
  amountPaise: number;
  /** the one line the hosted page shows */
  label: string;
  expiresAt: Date;
  /** local adapter: the random session id already stored on the tip */
  sessionId?: string | null;
};

/** Metadata `purpose` of a tip's session (an order's session has none). */
export const TIP_PURPOSE = "tip";

export type RefundRequest = {
  orderId: string;
  paymentIntentId: string | null;
  amountPaise: number;
};

/**
 * Part of a paid order's money back (issue 18: packing removed or cheapened lines). `key` names this refund among
 * the order's refunds: the same order and key refund once, however often asked.
 */
export type PartialRefundRequest = RefundRequest & { key: string };

export type ProviderKind = "stripe" | "local";

export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** Opens a hosted checkout for an order. Idempotent per order: asking twice returns the same session. */
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Opens a hosted checkout for a tip after delivery. Idempotent per tip attempt. */
  createTipCheckoutSession(request: TipCheckoutRequest): Promise<CheckoutSession>;
  /** Refunds a paid order in full. Idempotent per order: asking twice refunds once. */
  refund(request: RefundRequest): Promise<{ id: string }>;
  /** Refunds `amountPaise` of a paid order. Idempotent per order and `key`: asking twice refunds once. */
  refundPart(request: PartialRefundRequest): Promise<{ id: string }>;
  /**
   * Stops a session from accepting payment (the shopper came back through cancel_url, or an admin cancelled the
   * unpaid order). "completed": too late, it was paid. Never throws for a session that is already closed.
   */
  expireSession(sessionId: string): Promise<"expired" | "completed">;
}

/** Local sessions carry this prefix; Stripe's start with cs_test_ / cs_live_. */
export const LOCAL_SESSION_PREFIX = "cs_local_";
export const isLocalSession = (sessionId: string | null | undefined): boolean =>
  !!sessionId && sessionId.startsWith(LOCAL_SESSION_PREFIX);
