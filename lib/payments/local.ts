import "server-only";
import { randomBytes } from "node:crypto";
import {
  LOCAL_SESSION_PREFIX,
  type CheckoutRequest,
  type CheckoutSession,
  type PartialRefundRequest,
  type PaymentProvider,
  type RefundRequest,
  type TipCheckoutRequest,
} from "./provider";
import { paymentSettings } from "./settings";

// The local adapter, used without Stripe keys where test payments are allowed (./test-payments.ts): a "Test
// checkout — no money moves" page at /pay/<sessionId>. The session id is 32 random bytes (unguessable), created
// with the order and stored on it; the page only opens for the order's own shopper. Its Pay and Cancel buttons run
// the same fulfilment functions as Stripe's webhook.

/** A new unguessable local session id. */
export const newLocalSessionId = (): string => `${LOCAL_SESSION_PREFIX}${randomBytes(32).toString("base64url")}`;

export function localProvider(): PaymentProvider {
  const { appUrl } = paymentSettings();
  return {
    kind: "local",

    async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
      if (!request.sessionId) throw new Error(`order ${request.orderId} has no local session id`);
      return { id: request.sessionId, url: `${appUrl}/pay/${request.sessionId}` };
    },

    // the tip's own test page (/pay/tip/<sessionId>), bound to the order's shopper like the order's
    async createTipCheckoutSession(request: TipCheckoutRequest): Promise<CheckoutSession> {
      if (!request.sessionId) throw new Error(`tip ${request.tipId} has no local session id`);
      return { id: request.sessionId, url: `${appUrl}/pay/tip/${request.sessionId}` };
    },

    // no money moved, so nothing to give back: the order is simply marked refunded
    async refund(request: RefundRequest): Promise<{ id: string }> {
      return { id: `re_local_${request.orderId}` };
    },

    // likewise for part of it: the order records the amount
    async refundPart(request: PartialRefundRequest): Promise<{ id: string }> {
      return { id: `re_local_${request.orderId}_${request.key}` };
    },

    async expireSession(): Promise<"expired" | "completed"> {
      // the order's own status decides (the local page checks it in the same transaction as the payment)
      return "expired";
    },
  };
}
