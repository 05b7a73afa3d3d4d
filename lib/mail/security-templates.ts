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

const button = (url: string, label: string) =>
  `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="background:#0f7a3b;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:700">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#6b726e">Or open this link: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;

/**
 * The 6-digit code that verifies the account's e-mail without leaving the page (checkout, issue 20 #14). The code
 * stays out of the subject (subjects end up in logs and the outbox list); the greeting names nobody.
 */
export function emailVerificationCodeMail(input: { to: string; code: string; minutes: number }): MailMessage {
  const subject = `Your ${SHOP_NAME} e-mail verification code`;
  const after = `It is valid for ${input.minutes} minutes and can be used once. If you did not ask for it, ignore this e-mail.`;
  const html = frame(
    subject,
    `<p>Hello,</p>
<p>Enter this code to confirm your e-mail address at ${SHOP_NAME}:</p>
<p style="font-size:30px;font-weight:700;letter-spacing:6px;margin:18px 0">${escapeHtml(input.code)}</p>
<p>${escapeHtml(after)}</p>`,
  );
  const text = `Hello,

Enter this code to confirm your e-mail address at ${SHOP_NAME}: ${input.code}

${after}

${SHOP_NAME}`;
  return { to: input.to, subject, html, text };
}

/** To the NEW address of an e-mail change (issue 20 #4): the account moves here only once this link is opened. */
export function emailChangeConfirmMail(input: { to: string; url: string; hours: number }): MailMessage {
  const subject = `Confirm your new e-mail for ${SHOP_NAME}`;
  const lead = `Someone asked to use this address for a ${SHOP_NAME} account. Open the link to confirm it; until then the account keeps its old e-mail.`;
  const after = `The link is valid for ${input.hours} hours. If you did not ask for this, ignore this e-mail and nothing changes.`;
  const html = frame(
    subject,
    `<p>Hello,</p>
<p>${escapeHtml(lead)}</p>
${button(input.url, "Confirm new e-mail")}
<p>${escapeHtml(after)}</p>`,
  );
  const text = `Hello,

${lead}

${input.url}

${after}

${SHOP_NAME}`;
  return { to: input.to, subject, html, text };
}

/**
 * To the OLD address of an e-mail change (issue 20 #4), as soon as it is asked for: what happens, and an undo link
 * that cancels it (or, once switched, restores this address) and signs the account out everywhere.
 */
export function emailChangeNoticeMail(input: {
  to: string;
  newEmail: string;
  undoUrl: string;
  undoDays: number;
}): MailMessage {
  const subject = `Your ${SHOP_NAME} e-mail is being changed`;
  const lead = `Someone signed in to your ${SHOP_NAME} account with your password and asked to change its e-mail from ${input.to} to ${input.newEmail}. The change happens once the new address is confirmed.`;
  const advice = `If that was you, there is nothing to do. If it was not, undo it: the link keeps this address on the account (or puts it back), signs the account out everywhere, and then lets you choose a new password. It works for ${input.undoDays} days and once.`;
  const html = frame(
    subject,
    `<p>Hello,</p>
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(advice)}</p>
${button(input.undoUrl, "Undo this change")}`,
  );
  const text = `Hello,

${lead}

${advice}

Undo this change: ${input.undoUrl}

${SHOP_NAME}`;
  return { to: input.to, subject, html, text };
}
