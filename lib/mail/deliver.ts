import "server-only";
import { prisma } from "@/lib/db";
import { mailSettings, RESEND_FAILED, RESEND_QUEUED, RESEND_SENT, resendClient } from "./resend";

/**
 * The `send-mail` job (lib/jobs/jobs.ts): sends one mail waiting in the outbox through Resend. A failure is recorded
 * on the row and thrown, so the job is retried with backoff; on the last attempt the row is marked failed. Safe to
 * run twice: a mail no longer waiting is left alone, and Resend drops a repeat of the same idempotency key (a run
 * killed between Resend's answer and the row's update sends nothing more when retried).
 */
export async function deliverQueuedMail(
  id: string,
  attempt: { lastAttempt: boolean },
): Promise<{ sent: boolean; resendId?: string }> {
  const mail = await prisma.mailOutbox.findUnique({ where: { id } });
  if (!mail || mail.provider !== RESEND_QUEUED) return { sent: false };
  const { apiKey, baseUrl, from } = mailSettings();
  try {
    if (!apiKey) throw new Error("RESEND_API_KEY is not set any more");
    const { data, error } = await resendClient(apiKey, baseUrl).emails.send(
      { from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text },
      { idempotencyKey: `kwikmart-mail-${id}`, signal: AbortSignal.timeout(10_000) },
    );
    if (error) throw new Error(`${error.name ?? "resend_error"}: ${error.message}`);
    // a record of what was sent, without the body (it may hold a one-time code)
    await prisma.mailOutbox.update({
      where: { id },
      data: { provider: RESEND_SENT, html: "", text: "", error: null },
    });
    return { sent: true, resendId: data?.id };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await prisma.mailOutbox
      .update({
        where: { id },
        data: attempt.lastAttempt
          ? { provider: RESEND_FAILED, html: "", text: "", error: reason }
          : { error: reason },
      })
      .catch(() => {}); // the job's log line is enough when the database is the problem
    // logged once, by the job runner (lib/jobs/run.ts), with the job's id and attempt
    throw new Error(`mail ${id} to ${mail.to} ("${mail.subject}"): ${reason}`);
  }
}
