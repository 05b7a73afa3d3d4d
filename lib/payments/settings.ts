import "server-only";

// Read at each use rather than once (like lib/mail): tests and operators switch adapters by environment, and
// lib/env validates the same variables at start-up.

export type PaymentSettings = {
  secretKey?: string;
  webhookSecret?: string;
  /** tests: a local fake Stripe, e.g. http://127.0.0.1:4010 */
  apiUrl?: string;
  appUrl: string;
};

const clean = (v: string | undefined) => v?.trim() || undefined;

export function paymentSettings(): PaymentSettings {
  return {
    secretKey: clean(process.env.STRIPE_SECRET_KEY),
    webhookSecret: clean(process.env.STRIPE_WEBHOOK_SECRET),
    apiUrl: clean(process.env.STRIPE_API_URL),
    appUrl: (clean(process.env.APP_URL) ?? "http://localhost:3000").replace(/\/+$/, ""),
  };
}
