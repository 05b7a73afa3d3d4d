import { AppError } from "@/lib/errors";
import { handle, ok } from "@/lib/http/respond";
import { handleStripeWebhook } from "@/lib/orders";

/**
 * Stripe's webhook. The signature is verified over the raw body, so the body is read as text and never parsed
 * before that. 200 once processed (also for an event already applied), 400 for a bad signature, 500 when the
 * database failed (Stripe then retries; nothing was half-applied).
 */
export const POST = handle(async (request) => {
  const raw = await request.text();
  // Stripe's events are a few kilobytes; anything this large is not one of them
  if (raw.length > 1_000_000) throw new AppError("TOO_LARGE", "Request body is too large");
  const result = await handleStripeWebhook(raw, request.headers.get("stripe-signature"));
  return ok(result.duplicate ? "Event already processed" : "Event received", result);
});
