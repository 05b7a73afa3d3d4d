import "server-only";
import { after } from "next/server";
import { Resend } from "resend";
import { prisma } from "@/lib/db";
import type { MailMessage } from "./types";
import { log } from "@/lib/log";

// Mail goes through Resend when RESEND_API_KEY is set, otherwise into the local outbox (MailOutbox + one log
// line). Settings are read at each send rather than once at start, so tests and operators can switch adapters.

export type SendResult =
  { ok: true; provider: "resend" | "outbox"; id?: string } | { ok: false; error: string };

function settings() {
  return {
    apiKey: process.env.RESEND_API_KEY?.trim() || undefined,
    baseUrl: process.env.RESEND_BASE_URL?.trim() || undefined,
    from: process.env.MAIL_FROM?.trim() || "Kwikmart <orders@kwikmart.local>",
  };
}

const clients = new Map<string, Resend>();
function resendClient(apiKey: string, baseUrl: string | undefined): Resend {
  const key = `${apiKey}\n${baseUrl ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    client = new Resend(apiKey, baseUrl ? { baseUrl: baseUrl.replace(/\/+$/, "") } : undefined);
    clients.set(key, client);
  }
  return client;
}

/**
 * Sends one e-mail. Never throws: a failure is logged (and recorded in the outbox) and reported in the result,
 * so a mail problem never fails the request that caused it. Call it after the database commit.
 */
export async function sendMail(message: MailMessage): Promise<SendResult> {
  const { apiKey, baseUrl, from } = settings();
  try {
    if (!apiKey) {
      await prisma.mailOutbox.create({ data: { ...message, provider: "outbox" } });
      log.info({ subject: message.subject, to: message.to }, "mail: kept in the outbox");
      return { ok: true, provider: "outbox" };
    }
    const { data, error } = await resendClient(apiKey, baseUrl).emails.send(
      { from, to: message.to, subject: message.subject, html: message.html, text: message.text },
      { signal: AbortSignal.timeout(10_000) },
    );
    if (error) throw new Error(`${error.name ?? "resend_error"}: ${error.message}`);
    // A record of what was sent, without the body (it may hold a one-time code).
    await record(message, "resend", null);
    return { ok: true, provider: "resend", id: data?.id };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error({ subject: message.subject, to: message.to, reason }, "mail: sending failed");
    await record(message, apiKey ? "resend" : "outbox", reason);
    return { ok: false, error: reason };
  }
}

async function record(message: MailMessage, provider: string, error: string | null) {
  try {
    await prisma.mailOutbox.create({
      data: { to: message.to, subject: message.subject, html: "", text: "", provider, error },
    });
  } catch {
    // the log line above is enough when the database is the problem
  }
}

const pending = new Set<Promise<SendResult>>();

/**
 * Sends after the response has gone out (Next's `after`), so the caller's answer takes the same time whether or
 * not a mail was sent (forgot-password must not reveal which e-mails have accounts). Outside a request (tests,
 * scripts) the send runs in the background; `flushMail()` waits for it.
 */
export function sendMailAfterResponse(message: MailMessage): void {
  const run = () => {
    const p = sendMail(message);
    pending.add(p);
    void p.finally(() => pending.delete(p));
    return p;
  };
  try {
    after(async () => {
      await run();
    });
  } catch {
    void run();
  }
}

/** Waits for background sends started by `sendMailAfterResponse` (tests, scripts). */
export async function flushMail(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}
