import "server-only";
import { localProvider } from "./local";
import { isLocalSession, type PaymentProvider } from "./provider";
import { paymentSettings } from "./settings";
import { stripeProvider } from "./stripe";

export * from "./provider";
export { newLocalSessionId } from "./local";
export { paymentSettings } from "./settings";
export { verifyStripeEvent, isSignatureError, type VerifiedEvent } from "./stripe";

/** Stripe when STRIPE_SECRET_KEY is set, else the local test checkout. */
export function paymentProvider(): PaymentProvider {
  return paymentSettings().secretKey ? stripeProvider() : localProvider();
}

/** The adapter that took an order's payment: its session says which, whatever the configuration is now. */
export function providerForSession(sessionId: string | null | undefined): PaymentProvider {
  return isLocalSession(sessionId) ? localProvider() : stripeProvider();
}
