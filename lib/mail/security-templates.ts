import "server-only";
import { escapeHtml, frame, SHOP_NAME } from "./layout";
import type { MailMessage } from "./types";

/**
 * Failed sign-ins on the owner's account (security finding #7): they learn of it, and of what to do. The greeting
 * carries no user-chosen name, and the message names no address of the guesser (the owner cannot act on it).
 */
export function failedSignInsMail(input: { to: string; failures: number; minutes: number; resetUrl: string }): MailMessage {
  const subject = `Failed sign-in attempts on your ${SHOP_NAME} account`;
  const lead = `There were ${input.failures} failed attempts to sign in to your ${SHOP_NAME} account in the last ${input.minutes} minutes.`;
  const advice =
    "If that was you, there is nothing to do: you can still sign in with your password. If it was not, choose a new password now; your account stays open to you.";
  const html = frame(
    subject,
    `<p>Hello,</p>
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(advice)}</p>
<p><a href="${escapeHtml(input.resetUrl)}" style="color:#0f7a3b">Choose a new password</a></p>`,
  );
  const text = `Hello,

${lead}

${advice}

Choose a new password: ${input.resetUrl}

${SHOP_NAME}`;
  return { to: input.to, subject, html, text };
}
