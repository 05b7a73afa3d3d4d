import "server-only";
import { hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import type { Viewer } from "@/lib/auth/viewer-core";
import { prisma, runTx, type Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { emailVerificationCodeMail, emailVerificationMail, sendMailAfterResponse } from "@/lib/mail";
import { consume } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import { confirmEmailChange, type EmailLinkOutcome } from "./email-change";
import { isUnspent, SINGLE_USE_TOKEN } from "./one-time-token";
import { claimCodeTry, storeCode, useCode } from "./one-time-code";
import { generateOtp, hashPurposeCode, purposeCodeMatches } from "./otp";
import { parseInput } from "./parse";
import { verifyEmailCodeSchema } from "./schemas";

export const EMAIL_VERIFICATION_HOURS = 24;

/** Creates a verification token (inside the caller's transaction) and returns the mail to send after commit. */
export async function createEmailVerification(
  tx: Prisma.TransactionClient,
  user: { id: string; email: string },
) {
  const token = newOpaqueToken();
  await tx.emailVerificationToken.create({
    data: {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_HOURS * 60 * 60 * 1000),
    },
  });
  const url = new URL("/api/user/verify-email", env().APP_URL);
  url.searchParams.set("token", token);
  // no name in the greeting: whoever signs up chooses it, and the mail goes to an address not yet proven theirs
  return emailVerificationMail({ to: user.email, url: url.toString(), hours: EMAIL_VERIFICATION_HOURS });
}

export function sendVerificationMail(mail: ReturnType<typeof emailVerificationMail>) {
  sendMailAfterResponse(mail);
}

/**
 * Follows a verification link: the registration link sets verifyEmail when the token is live (only the newest link
 * of an account verifies); the link of an e-mail change switches the account to its new address (./email-change.ts),
 * keeping the opener's session when it is this account's. "done" when the e-mail is now verified.
 */
export async function verifyEmailToken(
  token: string | null | undefined,
  opener?: { userId: string; sessionId?: string; familyId?: string } | null,
): Promise<EmailLinkOutcome> {
  if (!token || token.length > 200) return "invalid";
  const row = await prisma.emailVerificationToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { ...SINGLE_USE_TOKEN, createdAt: true, user: { select: { status: true } } },
  });
  if (!row) return (await confirmEmailChange(token, opener)) ?? "invalid";
  if (!isUnspent(row) || row.user.status !== "ACTIVE") return "invalid";
  return runTx(async (tx) => {
    const { count } = await tx.emailVerificationToken.updateMany({
      where: { id: row.id, usedAt: null },
      data: { usedAt: new Date() },
    });
    if (count !== 1) return "invalid";
    // A newer token means another link was sent since: only the newest link verifies.
    const newer = await tx.emailVerificationToken.count({
      where: { userId: row.userId, createdAt: { gt: row.createdAt } },
    });
    if (newer) return "invalid";
    await tx.user.update({ where: { id: row.userId }, data: { verifyEmail: true } });
    return "done";
  });
}

// ---- the e-mailed code (issue 20 #14): verifying inline, e.g. at checkout with REQUIRE_VERIFIED_EMAIL=1

export const VERIFY_CODE_MINUTES = 15;
export const MAX_VERIFY_CODE_ATTEMPTS = 5;
const PURPOSE = "email-verification-code";

export const EMAIL_ALREADY_VERIFIED = "Your e-mail is already verified.";
export const EMAIL_VERIFIED = "Your e-mail is verified.";
export const codeSentMessage = (email: string) =>
  `We have sent a 6-digit code to ${email}. It is valid for ${VERIFY_CODE_MINUTES} minutes.`;
const CODE_GONE = "That code is no longer valid. Send a new code and enter the 6 digits from the newest e-mail.";
const wrongCode = (left: number) =>
  left > 0
    ? `That code is not right. Check the 6 digits in the newest e-mail (${left} ${left === 1 ? "try" : "tries"} left).`
    : CODE_GONE;
const refused = (message: string) => new AppError("VALIDATION", message, { fieldErrors: { code: [message] } });

/**
 * E-mails a fresh 6-digit code to the account's address (replacing an earlier one), kept only as an HMAC bound to the
 * account and the address, valid VERIFY_CODE_MINUTES. Limited per account (5 an hour) and per address.
 */
export async function sendEmailVerificationCode(
  viewer: Viewer,
  context: { ip: string },
): Promise<{ message: string; email: string; verified: boolean }> {
  const user = await prisma.user.findUnique({
    where: { id: viewer.id },
    select: { id: true, email: true, verifyEmail: true },
  });
  if (!user) throw new AppError("UNAUTHENTICATED", "Please login");
  if (user.verifyEmail) return { message: EMAIL_ALREADY_VERIFIED, email: user.email, verified: true };
  await consume(`verify-code:user:${user.id}`, LIMITS.verifyCodeSendPerAccount);
  await consume(`verify-code:ip:${context.ip}`, LIMITS.verifyCodeSendPerIp);
  const code = generateOtp();
  await storeCode(
    prisma.emailVerificationCode,
    user.id,
    { codeHash: hashPurposeCode(PURPOSE, user.id, user.email, code), minutes: VERIFY_CODE_MINUTES },
    { email: user.email },
  );
  sendMailAfterResponse(emailVerificationCodeMail({ to: user.email, code, minutes: VERIFY_CODE_MINUTES }));
  return { message: codeSentMessage(user.email), email: user.email, verified: false };
}

/**
 * Checks a code: every try counts (even the right one), at most MAX_VERIFY_CODE_ATTEMPTS per code and
 * LIMITS.verifyCodeChecksPerAccount per window; a right code for the account's current address sets verifyEmail.
 * A wrong one is a 400 saying how many tries are left.
 */
export async function verifyEmailCode(
  viewer: Viewer,
  input: unknown,
  context: { ip: string },
): Promise<{ message: string }> {
  const { code } = parseInput(verifyEmailCodeSchema, input);
  await consume(`verify-code-check:user:${viewer.id}`, LIMITS.verifyCodeChecksPerAccount);
  await consume(`verify-code-check:ip:${context.ip}`, LIMITS.verifyCodeChecksPerIp);
  const user = await prisma.user.findUnique({
    where: { id: viewer.id },
    select: { id: true, email: true, verifyEmail: true },
  });
  if (!user) throw new AppError("UNAUTHENTICATED", "Please login");
  if (user.verifyEmail) return { message: EMAIL_ALREADY_VERIFIED };
  const row = await prisma.emailVerificationCode.findUnique({
    where: { userId: user.id },
    select: { id: true, email: true, codeHash: true, attempts: true, expiresAt: true, usedAt: true },
  });
  if (!row || row.usedAt || row.email !== user.email || row.expiresAt <= new Date()) throw refused(CODE_GONE);
  if (row.attempts >= MAX_VERIFY_CODE_ATTEMPTS) throw refused(CODE_GONE);
  // claim one try atomically: concurrent guesses cannot exceed the budget
  if (!(await claimCodeTry(prisma.emailVerificationCode, row, MAX_VERIFY_CODE_ATTEMPTS))) throw refused(CODE_GONE);
  if (!purposeCodeMatches(PURPOSE, user.id, user.email, code, row.codeHash)) {
    throw refused(wrongCode(MAX_VERIFY_CODE_ATTEMPTS - row.attempts - 1));
  }
  const verified = await runTx(async (tx) => {
    if (!(await useCode(tx.emailVerificationCode, row))) return false;
    const { count } = await tx.user.updateMany({
      where: { id: user.id, email: row.email },
      data: { verifyEmail: true },
    });
    return count === 1;
  });
  if (!verified) throw refused(CODE_GONE);
  return { message: EMAIL_VERIFIED };
}
