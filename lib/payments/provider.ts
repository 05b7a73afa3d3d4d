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
