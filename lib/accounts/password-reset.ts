import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { endAllSessions, hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import { prisma, runTx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { passwordResetCodeMail, sendMailAfterResponse } from "@/lib/mail";
import { consume, keyPart, resetLimit } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import { loginFailureKey } from "./login";
import { claimCodeTry, storeCode, useCode } from "./one-time-code";
import { isUnspent, SINGLE_USE_TOKEN } from "./one-time-token";
import { generateOtp, hashOtp, otpMatches } from "./otp";
import { parseInput } from "./parse";
import { assertNotCommonPassword } from "./password-strength";
import { forgotPasswordSchema, resetPasswordSchema, verifyOtpSchema } from "./schemas";

// Forgot password (spec §4): e-mail → 6-digit code → verified code grants one reset → new password.
// None of these steps is blocked by the failed-login limit, so the owner of a throttled account can get back in.

export const CODE_MINUTES = 10;
export const GRANT_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;

export const FORGOT_PASSWORD_MESSAGE = "If an account exists for this email, we have sent a 6-digit code";

/**
 * The one answer to every code that does not grant a reset: wrong, used, expired, killed by too many tries, or for
 * an e-mail with no account. Telling these apart ("4 tries left", "already used") would say which e-mails have an
 * account (issue 20 #9), so the owner gets the same advice whatever went wrong.
 */
export const CODE_NOT_ACCEPTED =
  "That code is not right or is no longer valid. Check the 6 digits in the newest e-mail, or request a new code.";
const refused = () => new AppError("VALIDATION", CODE_NOT_ACCEPTED);

const NO_GRANT = "Verify the code from your e-mail before choosing a new password";

/**
 * Sends a fresh code (replacing any earlier one) when an active account has this e-mail. The answer is the same
 * either way, and the mail goes out after the response so the timing is the same too.
 */
export async function requestPasswordReset(input: unknown, context: { ip: string }): Promise<string> {
  const { email } = parseInput(forgotPasswordSchema, input);
  await consume(`forgot:ip:${context.ip}`, LIMITS.forgotPasswordPerIp);
  await consume(`forgot:email:${keyPart(email)}`, LIMITS.forgotPasswordPerEmail);
  const user = await prisma.user.findUnique({
    where: { email },
    select: { id: true, name: true, email: true, status: true },
  });
  if (!user || user.status !== "ACTIVE") return FORGOT_PASSWORD_MESSAGE;

  const code = generateOtp();
  await storeCode(prisma.passwordResetCode, user.id, { codeHash: hashOtp(user.id, code), minutes: CODE_MINUTES }, {});
  sendMailAfterResponse(
    passwordResetCodeMail({ to: user.email, code, minutes: CODE_MINUTES }),
  );
  return FORGOT_PASSWORD_MESSAGE;
}

/**
 * Checks a code. Every try counts (even one that turns out right), so at most 5 guesses are ever judged; the
 * 5th wrong one kills the code. A right code is used up and turns into a single-use reset grant (10 minutes),
 * returned as `resetToken` (the route also sets it as the km_reset cookie). Every refusal is the same 400
 * (CODE_NOT_ACCEPTED), whether or not the e-mail has an account.
 */
export async function verifyResetCode(
  input: unknown,
  context: { ip: string },
): Promise<{ resetToken: string; expiresAt: Date }> {
  const { email, otp } = parseInput(verifyOtpSchema, input);
  await consume(`otp:ip:${context.ip}`, LIMITS.otpPerIp);
  await consume(`otp:email:${keyPart(email)}`, LIMITS.otpPerEmail);

  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, status: true } });
  const row = user
    ? await prisma.passwordResetCode.findUnique({
        where: { userId: user.id },
        select: { id: true, codeHash: true, attempts: true, expiresAt: true, usedAt: true },
      })
    : null;
  if (!user || user.status !== "ACTIVE" || !row) throw refused();
  if (row.usedAt || row.attempts >= MAX_CODE_ATTEMPTS || row.expiresAt <= new Date()) throw refused();

  // Claim one try atomically: concurrent guesses cannot exceed the budget.
  if (!(await claimCodeTry(prisma.passwordResetCode, row, MAX_CODE_ATTEMPTS))) throw refused();
  if (!otpMatches(user.id, otp, row.codeHash)) throw refused();

  const resetToken = newOpaqueToken();
  const expiresAt = new Date(Date.now() + GRANT_MINUTES * 60_000);
  const granted = await runTx(async (tx) => {
    if (!(await useCode(tx.passwordResetCode, row))) return false;
    await tx.passwordResetGrant.create({
      data: { userId: user.id, tokenHash: hashToken(resetToken), expiresAt },
    });
    return true;
  });
  if (!granted) throw refused();
  return { resetToken, expiresAt };
}

/**
 * Sets a new password with a verified, unused grant for this e-mail (from the km_reset cookie or the body's
 * resetToken). Uses the grant up, ends every session (sessionVersion bump, refresh tokens revoked) and clears the
 * account's failed-login count.
 */
export async function resetPassword(
  input: unknown,
  context: { ip: string; resetToken?: string | null },
): Promise<void> {
  const data = parseInput(resetPasswordSchema, input);
  await assertNotCommonPassword(data.newPassword, "newPassword");
  await consume(`reset:ip:${context.ip}`, LIMITS.resetPasswordPerIp);
  const token = context.resetToken || data.resetToken;
  if (!token) throw new AppError("FORBIDDEN", NO_GRANT);
  const grant = await prisma.passwordResetGrant.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { ...SINGLE_USE_TOKEN, user: { select: { email: true, status: true } } },
  });
  if (!grant || !isUnspent(grant) || grant.user.status !== "ACTIVE") {
    throw new AppError("FORBIDDEN", NO_GRANT);
  }
  if (grant.user.email !== data.email) throw new AppError("FORBIDDEN", NO_GRANT);

  const passwordHash = await hashPassword(data.newPassword);
  const done = await runTx(async (tx) => {
    const used = await tx.passwordResetGrant.updateMany({
      where: { id: grant.id, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (used.count !== 1) return false;
    await tx.user.update({ where: { id: grant.userId }, data: { passwordHash } });
    await endAllSessions(grant.userId, tx);
    await tx.passwordResetGrant.updateMany({
      where: { userId: grant.userId, usedAt: null },
      data: { usedAt: new Date() },
    });
    return true;
  });
  if (!done) throw new AppError("FORBIDDEN", NO_GRANT);
  await resetLimit(loginFailureKey(data.email));
}

/** Whether a reset grant (e.g. the km_reset cookie) is live: the reset page sends visitors without one to /. */
export async function hasLiveResetGrant(token: string | null | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const grant = await prisma.passwordResetGrant.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { usedAt: true, expiresAt: true },
  });
  return !!grant && isUnspent(grant);
}
