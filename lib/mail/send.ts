import "server-only";
import { after } from "next/server";
import { prisma } from "@/lib/db";
import { log } from "@/lib/log";
import { enqueue } from "@/lib/queue";
import { deliverQueuedMail } from "./deliver";
import { mailSettings, RESEND_FAILED, RESEND_QUEUED } from "./resend";
import type { MailMessage } from "./types";

// Without RESEND_API_KEY a mail is kept in the local outbox (MailOutbox + one log line), written at once. With it,
// the mail is written to the outbox as waiting and the `send-mail` job sends it (lib/mail/deliver.ts), retried with
// backoff while Resend fails or cannot be reached: neither the request nor its transaction waits for Resend.

export type SendResult =
  | { ok: true; provider: "outbox"; id: string }
  | { ok: true; provider: "resend"; id: string; queued: true }
  | { ok: false; error: string };

/**
 * Keeps or queues one e-mail. Never throws: a failure is logged (and recorded in the outbox) and reported in the
 * result, so a mail problem never fails the request that caused it. Call it after the database commit.
 */
export async function sendMail(message: MailMessage): Promise<SendResult> {
  const { apiKey } = mailSettings();
  let queuedId: string | undefined;
  try {
    if (!apiKey) {
      const { id } = await prisma.mailOutbox.create({
        data: { ...message, provider: "outbox" },
        select: { id: true },
      });
      log.info({ subject: message.subject, to: message.to }, "mail: kept in the outbox");
      return { ok: true, provider: "outbox", id };
    }
    const { id } = await prisma.mailOutbox.create({
      data: { ...message, provider: RESEND_QUEUED },
      select: { id: true },
    });
    queuedId = id;
    await enqueue("send-mail", { id });
    queuedHere.add(id);
    return { ok: true, provider: "resend", id, queued: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error({ subject: message.subject, to: message.to, reason }, "mail: sending failed");
    await recordFailure(message, apiKey ? RESEND_FAILED : "outbox", reason, queuedId);
    return { ok: false, error: reason };
  }
}

async function recordFailure(message: MailMessage, provider: string, error: string, queuedId?: string) {
  try {
    // without the body (it may hold a one-time code)
    if (queuedId) {
      await prisma.mailOutbox.update({
        where: { id: queuedId },
        data: { provider, html: "", text: "", error },
      });
    } else {
      await prisma.mailOutbox.create({
        data: { to: message.to, subject: message.subject, html: "", text: "", provider, error },
      });
    }
  } catch {
    // the log line above is enough when the database is the problem
  }
}

const pending = new Set<Promise<SendResult>>();
const queuedHere = new Set<string>();

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

/**
 * Waits for the mails started by `sendMailAfterResponse` (tests, scripts): kept in the outbox, or, for Resend, queued
 * and then tried once here and now rather than when a worker gets to it (none runs in the tests). The queued job then
 * finds the mail sent and does nothing, or retries one that failed later, as it would have.
 */
export async function flushMail(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
  const ids = [...queuedHere];
  queuedHere.clear();
  for (const id of ids) {
    await deliverQueuedMail(id, { lastAttempt: false }).catch((error: unknown) =>
      log.warn({ err: error, mailId: id }, "mail: sending failed; its job will retry"),
    );
  }
}
