import "server-only";
import { formatPaise } from "@/lib/money";
import { escapeHtml, frame, SHOP_NAME } from "./layout";
import type { MailMessage } from "./types";

// Account mails greet with "Hello," and never with the account's name: whoever registers (or moves an account to)
// an address chooses that name, and it must not put their words into a mail the shop sends to someone else's inbox
// (issue 20 #14).

/** The 6-digit password-reset code (valid `minutes`). */
export function passwordResetCodeMail(input: { to: string; code: string; minutes: number }): MailMessage {
  // The code stays out of the subject: subjects end up in logs and the outbox list.
  const subject = `Your ${SHOP_NAME} password reset code`;
  const html = frame(
    subject,
    `<p>Hello,</p>
<p>Use this code to reset your ${SHOP_NAME} password:</p>
<p style="font-size:30px;font-weight:700;letter-spacing:6px;margin:18px 0">${escapeHtml(input.code)}</p>
<p>It is valid for ${input.minutes} minutes and can be used once. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>`,
  );
  const text = `Hello,

Use this code to reset your ${SHOP_NAME} password: ${input.code}

It is valid for ${input.minutes} minutes and can be used once. If you did not ask for it, ignore this e-mail: your password stays as it is.

${SHOP_NAME}`;
  return { to: input.to, subject, html, text };
}

/** The e-mail verification link sent at registration. */
export function emailVerificationMail(input: { to: string; url: string; hours: number }): MailMessage {
  const subject = `Confirm your e-mail for ${SHOP_NAME}`;
  const url = escapeHtml(input.url);
  const html = frame(
    subject,
    `<p>Hello,</p>
<p>Welcome to ${SHOP_NAME}! Please confirm that this is your e-mail address:</p>
<p style="margin:20px 0"><a href="${url}" style="background:#0f7a3b;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:700">Confirm e-mail</a></p>
<p style="font-size:13px;color:#6b726e">Or open this link: <a href="${url}">${url}</a><br>It is valid for ${input.hours} hours. If you did not sign up, ignore this e-mail.</p>`,
  );
  const text = `Hello,

Welcome to ${SHOP_NAME}! Please confirm that this is your e-mail address by opening this link (valid for ${input.hours} hours):

${input.url}

If you did not sign up, ignore this e-mail.

${SHOP_NAME}`;
  return { to: input.to, subject, html, text };
}

export type OrderMailItem = { name: string; quantity: number; unit?: string; lineTotalPaise: number };
/** A line of the bill under the items (issue 18): "Delivery Charge" Free or ₹30, with its explanation. */
export type OrderMailBillLine = {
  label: string;
  amountPaise: number;
  free?: boolean;
  minus?: boolean;
  note?: string;
};

/** Order confirmation (for the orders work). Amounts are in paise. */
export function orderConfirmationMail(input: {
  to: string;
  name: string;
  orderNumber: string;
  items: OrderMailItem[];
  /** the bill between the items and the total, line for line as the order page shows it */
  bill?: OrderMailBillLine[];
  totalPaise: number;
  paymentMethod?: "CASH_ON_DELIVERY" | "CARD";
  /** paid through the local test checkout: say plainly that no money was collected */
  testPayment?: boolean;
  etaMinutes?: number;
  partnerName?: string;
  orderUrl?: string;
}): MailMessage {
  const subject = `${SHOP_NAME} order ${input.orderNumber} confirmed`;
  const payment =
    input.paymentMethod === "CASH_ON_DELIVERY"
      ? "Cash on delivery: please keep the exact change ready."
      : input.testPayment
        ? "Test payment — no money was collected."
        : input.paymentMethod === "CARD"
          ? "Paid by card."
          : "";
  const eta = input.etaMinutes
    ? `Arriving in about ${input.etaMinutes} ${input.etaMinutes === 1 ? "minute" : "minutes"}${input.partnerName ? ` with ${input.partnerName}` : ""}.`
    : "";
  const rows = input.items
    .map(
      (
        i,
      ) => `<tr><td style="padding:6px 0">${escapeHtml(i.name)}${i.unit ? ` <span style="color:#6b726e">(${escapeHtml(i.unit)})</span>` : ""} × ${i.quantity}</td>
<td align="right" style="padding:6px 0">${escapeHtml(formatPaise(i.lineTotalPaise))}</td></tr>`,
    )
    .join("\n");
  const amountOf = (l: OrderMailBillLine) =>
    l.free ? "Free" : `${l.minus ? "−" : ""}${formatPaise(l.amountPaise)}`;
  const billRows = (input.bill ?? [])
    .map(
      (
        l,
      ) => `<tr><td style="padding:4px 0">${escapeHtml(l.label)}${l.note ? `<br><span style="color:#6b726e;font-size:12px">${escapeHtml(l.note)}</span>` : ""}</td>
<td align="right" style="padding:4px 0">${escapeHtml(amountOf(l))}</td></tr>`,
    )
    .join("\n");
  const link = orderLink(input.orderUrl);
  const html = frame(
    subject,
    `<p>Hi ${escapeHtml(input.name)},</p>
<p>Thank you! Your order <strong>${escapeHtml(input.orderNumber)}</strong> is confirmed.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e3e7e5;border-bottom:1px solid #e3e7e5;margin:12px 0">
${rows}
${billRows}
<tr><td style="padding:8px 0;font-weight:700">Total</td><td align="right" style="padding:8px 0;font-weight:700">${escapeHtml(formatPaise(input.totalPaise))}</td></tr>
</table>
${eta ? `<p>${escapeHtml(eta)}</p>` : ""}${payment ? `<p>${escapeHtml(payment)}</p>` : ""}${link}`,
  );
  const text = [
    `Hi ${input.name},`,
    "",
    `Thank you! Your order ${input.orderNumber} is confirmed.`,
    "",
    ...input.items.map(
      (i) => `- ${i.name}${i.unit ? ` (${i.unit})` : ""} × ${i.quantity}: ${formatPaise(i.lineTotalPaise)}`,
    ),
    ...(input.bill ?? []).map((l) => `${l.label}: ${amountOf(l)}${l.note ? ` (${l.note})` : ""}`),
    `Total: ${formatPaise(input.totalPaise)}`,
    ...(eta ? ["", eta] : []),
    ...(payment ? [payment] : []),
    ...(input.orderUrl ? ["", `See your order: ${input.orderUrl}`] : []),
    "",
    SHOP_NAME,
  ].join("\n");
  return { to: input.to, subject, html, text };
}

/**
 * The order is on its way (issue 17): the door code the shopper shares with the delivery partner at the door. The
 * code stays out of the subject (subjects end up in logs and the outbox list).
 */
export function outForDeliveryMail(input: {
  to: string;
  name: string;
  orderNumber: string;
  code: string;
  partnerName?: string;
  cashToCollectPaise?: number;
  orderUrl?: string;
}): MailMessage {
  const subject = `${SHOP_NAME} order ${input.orderNumber} is on its way`;
  const who = input.partnerName ? `${input.partnerName} is bringing` : "Your delivery partner is bringing";
  const cash =
    input.cashToCollectPaise !== undefined
      ? `Cash on delivery: please keep ${formatPaise(input.cashToCollectPaise)} ready.`
      : "";
  const link = orderLink(input.orderUrl);
  const html = frame(
    subject,
    `<p>Hi ${escapeHtml(input.name)},</p>
<p>${escapeHtml(who)} your order <strong>${escapeHtml(input.orderNumber)}</strong> now.</p>
<p>Share code <strong style="font-size:26px;letter-spacing:6px">${escapeHtml(input.code)}</strong> with your delivery partner when they arrive: it confirms the order reached you. Do not share it before.</p>
${cash ? `<p>${escapeHtml(cash)}</p>` : ""}${link}`,
  );
  const text = [
    `Hi ${input.name},`,
    "",
    `${who} your order ${input.orderNumber} now.`,
    "",
    `Share code ${input.code} with your delivery partner when they arrive: it confirms the order reached you. Do not share it before.`,
    ...(cash ? ["", cash] : []),
    ...(input.orderUrl ? ["", `See your order: ${input.orderUrl}`] : []),
    "",
    SHOP_NAME,
  ].join("\n");
  return { to: input.to, subject, html, text };
}

/**
 * Packing found items missing (issue 18, substitutions): what happened to each ("Replaced with …", "Removed — out of
 * stock, ₹45 refunded") and the order's new total, with the refund or the new cash amount.
 */
export function substitutionMail(input: {
  to: string;
  name: string;
  orderNumber: string;
  /** one sentence per changed line, "Amul Butter: Replaced with …" */
  changes: string[];
  totalPaise: number;
  /** paid by card: this much goes back to the card; cash: the amount to pay at the door */
  refundPaise?: number;
  cashToCollectPaise?: number;
  orderUrl?: string;
}): MailMessage {
  const subject = `${SHOP_NAME} order ${input.orderNumber}: some items changed at packing`;
  const money =
    input.cashToCollectPaise !== undefined
      ? `Cash on delivery: please keep ${formatPaise(input.cashToCollectPaise)} ready.`
      : input.refundPaise
        ? `${formatPaise(input.refundPaise)} is being refunded to your card.`
        : "";
  const link = orderLink(input.orderUrl);
  const html = frame(
    subject,
    `<p>Hi ${escapeHtml(input.name)},</p>
<p>The store packed your order <strong>${escapeHtml(input.orderNumber)}</strong>, but some items were out of stock:</p>
<ul>${input.changes.map((c) => `<li>${escapeHtml(c)}</li>`).join("")}</ul>
<p><strong>New total: ${escapeHtml(formatPaise(input.totalPaise))}</strong></p>
${money ? `<p>${escapeHtml(money)}</p>` : ""}${link}`,
  );
  const text = [
    `Hi ${input.name},`,
    "",
    `The store packed your order ${input.orderNumber}, but some items were out of stock:`,
    ...input.changes.map((c) => `- ${c}`),
    "",
    `New total: ${formatPaise(input.totalPaise)}`,
    ...(money ? [money] : []),
    ...(input.orderUrl ? ["", `See your order: ${input.orderUrl}`] : []),
    "",
    SHOP_NAME,
  ].join("\n");
  return { to: input.to, subject, html, text };
}

/** A single-use link to set a password (a partner's or a staff member's invitation): the button, the link, its limits. */
function invitationMail(input: {
  to: string;
  url: string;
  hours: number;
  subject: string;
  /** what happened and what the password is for, one sentence */
  lead: string;
  /** the closing line for someone who did not expect it */
  ignore: string;
}): MailMessage {
  const url = escapeHtml(input.url);
  const html = frame(
    input.subject,
    `<p>Hello,</p>
<p>${escapeHtml(input.lead)}</p>
<p style="margin:20px 0"><a href="${url}" style="background:#0f7a3b;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:700">Set your password</a></p>
<p style="font-size:13px;color:#6b726e">Or open this link: <a href="${url}">${url}</a><br>It works once and for ${input.hours} hours. If it has expired, ask your store to send a new invitation. ${escapeHtml(input.ignore)}</p>`,
  );
  const text = `Hello,

${input.lead} Open this link (it works once and for ${input.hours} hours):

${input.url}

If it has expired, ask your store to send a new invitation. ${input.ignore}

${SHOP_NAME}`;
  return { to: input.to, subject: input.subject, html, text };
}

/**
 * A delivery partner's invitation (issue 17): approved by the store, they set a password with this single-use link
 * (valid `hours`) and then sign in to the partner app. No name in it (see above): the admin may have typed the address.
 */
export function partnerInvitationMail(input: { to: string; url: string; hours: number }): MailMessage {
  return invitationMail({
    ...input,
    subject: `You're a ${SHOP_NAME} delivery partner: set your password`,
    lead: `Your application to deliver with ${SHOP_NAME} has been approved. Choose a password to sign in to the partner app.`,
    ignore: "If you did not apply, ignore this e-mail.",
  });
}

/**
 * A store staff member's invitation (issue 16): an admin added them to a dark store; they set a password with this
 * single-use link and sign in to the store's pick list (/store).
 */
export function staffInvitationMail(input: { to: string; url: string; hours: number; storeName: string }): MailMessage {
  return invitationMail({
    ...input,
    subject: `You're on the ${SHOP_NAME} store team: set your password`,
    lead: `You have been added to the staff of ${input.storeName}. Choose a password to sign in to the store's pick list.`,
    ignore: "If you do not work at this store, ignore this e-mail.",
  });
}

/** "See your order", linking to the order's page, when the mail knows it. */
function orderLink(url: string | undefined): string {
  return url ? `<p><a href="${escapeHtml(url)}" style="color:#0f7a3b">See your order</a></p>` : "";
}
