import "server-only";
import { Resend } from "resend";

// Mail goes through Resend when RESEND_API_KEY is set, otherwise into the local outbox (MailOutbox + one log
// line). Settings are read at each send rather than once at start, so tests and operators can switch adapters.

export function mailSettings() {
  return {
    apiKey: process.env.RESEND_API_KEY?.trim() || undefined,
    baseUrl: process.env.RESEND_BASE_URL?.trim() || undefined,
    from: process.env.MAIL_FROM?.trim() || "Kwikmart <orders@kwikmart.local>",
  };
}

const clients = new Map<string, Resend>();

export function resendClient(apiKey: string, baseUrl: string | undefined): Resend {
  const key = `${apiKey}\n${baseUrl ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    client = new Resend(apiKey, baseUrl ? { baseUrl: baseUrl.replace(/\/+$/, "") } : undefined);
    clients.set(key, client);
  }
  return client;
}

/**
 * MailOutbox.provider of a mail for Resend: written `resend:queued` with its body, then `resend` once sent (the body
 * cleared: it may hold a one-time code) or `resend:failed` when the send job gave up (body cleared too).
 */
export const RESEND_QUEUED = "resend:queued";
export const RESEND_SENT = "resend";
export const RESEND_FAILED = "resend:failed";
