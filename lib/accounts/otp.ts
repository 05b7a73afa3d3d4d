import "server-only";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";

// Password-reset codes: 6 digits from a CSPRNG, kept only as an HMAC bound to the account, so a database
// leak does not reveal live codes and a code from one account never matches another.

export const OTP_DIGITS = 6;

/** A uniformly random 6-digit code, zero-padded ("004271"). */
export function generateOtp(): string {
  return randomInt(0, 10 ** OTP_DIGITS)
    .toString()
    .padStart(OTP_DIGITS, "0");
}

/** HMAC-SHA256 (hex) of the code, keyed by the app secret and bound to the user id. */
export function hashOtp(userId: string, code: string, secret: string = authSecret()): string {
  return createHmac("sha256", secret).update(`password-reset-code\u0000${userId}\u0000${code}`).digest("hex");
}

/** Constant-time check of a code against a stored hash. */
export function otpMatches(userId: string, code: string, storedHash: string, secret?: string): boolean {
  const actual = Buffer.from(hashOtp(userId, code, secret), "hex");
  const expected = Buffer.from(storedHash, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The same HMAC for another kind of code (e.g. "email-verification-code"), bound to its purpose, the user and the
 * address it was sent to: a code of one kind, account or address never matches another.
 */
export function hashPurposeCode(purpose: string, userId: string, email: string, code: string): string {
  return createHmac("sha256", authSecret())
    .update(`${purpose}\u0000${userId}\u0000${email}\u0000${code}`)
    .digest("hex");
}

/** Constant-time check of a purpose-bound code against its stored hash. */
export function purposeCodeMatches(
  purpose: string,
  userId: string,
  email: string,
  code: string,
  storedHash: string,
): boolean {
  const actual = Buffer.from(hashPurposeCode(purpose, userId, email, code), "hex");
  const expected = Buffer.from(storedHash, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
