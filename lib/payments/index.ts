import "server-only";
import { AppError } from "@/lib/errors";
import { localProvider } from "./local";
import { isLocalSession, type PaymentProvider, type ProviderKind } from "./provider";
import { paymentSettings } from "./settings";
import { stripeProvider } from "./stripe";
import { testPaymentsAllowed } from "./test-payments";

export * from "./provider";
export { newLocalSessionId } from "./local";
export { paymentSettings } from "./settings";
export { testPaymentsAllowed } from "./test-payments";
export { verifyStripeEvent, isSignatureError, type VerifiedEvent } from "./stripe";

export const CARD_PAYMENTS_OFF_MESSAGE =
  "Card payments are not available on this shop right now. Choose cash on delivery.";

/**
 * Who takes new card payments: Stripe with BOTH keys (without the webhook secret a paid order would never be
 * confirmed), else the local test checkout where it is allowed (lib/payments/test-payments.ts), else nobody.
 */
export function cardPaymentMode(): ProviderKind | null {
  const { secretKey, webhookSecret } = paymentSettings();
  if (secretKey && webhookSecret) return "stripe";
  return testPaymentsAllowed() ? "local" : null;
}

/** Whether the checkout may offer card payment at all. */
export const cardPaymentsAvailable = (): boolean => cardPaymentMode() !== null;

/** The adapter for a new card payment; UNAVAILABLE (503) when this shop takes none. */
export function paymentProvider(): PaymentProvider {
  const mode = cardPaymentMode();
  if (mode === "stripe") return stripeProvider();
  if (mode === "local") return localProvider();
  throw new AppError("UNAVAILABLE", CARD_PAYMENTS_OFF_MESSAGE);
}

/** The adapter that took an order's payment: its session says which, whatever the configuration is now. */
export function providerForSession(sessionId: string | null | undefined): PaymentProvider {
  return isLocalSession(sessionId) ? localProvider() : stripeProvider();
}
