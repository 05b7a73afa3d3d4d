// The cash-order refusal while the e-mail is unverified (lib/orders/verified-email.ts; the checkout acts on its code,
// EMAIL_UNVERIFIED, not on this text), apart from the schemas so that reading it brings no zod.

/** What a cash-on-delivery order answers (403) while REQUIRE_VERIFIED_EMAIL=1 and the account's e-mail is not verified. */
export const EMAIL_NOT_VERIFIED_FOR_CASH =
  "Please verify your e-mail before your first cash-on-delivery order. Get a 6-digit code by e-mail with " +
  "POST /api/user/verify-email/send-code, then send it as {\"code\"} to POST /api/user/verify-email (or verify it at checkout).";
