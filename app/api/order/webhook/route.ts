import { handle, ok, readRawText } from "@/lib/http/respond";
import { handleStripeWebhook } from "@/lib/orders";

/**
 * Stripe's webhook. The signature is verified over the raw body, so the body is read as text and never parsed
 * before that. 200 once processed (also for an event already applied), 400 for a bad signature or a body that is
 * not one of Stripe's events, 413 over 1 MB, 503 when the database cannot be reached and 500 when it failed
 * otherwise (Stripe then retries; nothing was half-applied).
 */
export const POST = handle(async (request) => {
  const raw = await readRawText(request);
  const result = await handleStripeWebhook(raw, request.headers.get("stripe-signature"));
  return ok(result.duplicate ? "Event already processed" : "Event received", result);
});
