import "server-only";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { endAllSessions, issueTokenPair, type TokenPair } from "@/lib/auth/tokens";
import type { Viewer } from "@/lib/auth/viewer-core";
import { prisma, runTx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { consume, refund } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import { parseInput } from "./parse";
import { assertNotCommonPassword } from "./password-strength";
import { changePasswordSchema } from "./schemas";

export const WRONG_CURRENT = "Current password is not correct";

/** Checks the viewer's password, counting failures (10 per 15 minutes) so a stolen session cannot guess it. */
export async function checkOwnPassword(
  userId: string,
  password: string,
  wrongMessage: string,
  code: "VALIDATION" | "FORBIDDEN" = "VALIDATION",
): Promise<void> {
  const key = `password-check-fail:user:${userId}`;
  await consume(key, LIMITS.passwordCheckFailuresPerUser);
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(code, wrongMessage, { fieldErrors: { currentPassword: [wrongMessage] } });
  }
  await refund(key);
}

/**
 * Changes the password after checking the current one, and ends every session (sessionVersion bump, refresh
 * tokens revoked), the caller's included. A REST caller gets a fresh token pair back; the web app signs in again
 * with the new password (next-auth `signIn("credentials", …)`) to get a new session cookie.
 */
export async function changePassword(viewer: Viewer, input: unknown): Promise<{ tokens?: TokenPair }> {
  const data = parseInput(changePasswordSchema, input);
  await checkOwnPassword(viewer.id, data.currentPassword, WRONG_CURRENT);
  if (data.currentPassword === data.newPassword) {
    throw new AppError("VALIDATION", "Choose a new password that differs from the current one");
  }
  await assertNotCommonPassword(data.newPassword, "newPassword");
  const passwordHash = await hashPassword(data.newPassword);
  const tokens = await runTx(async (tx) => {
    await tx.user.update({ where: { id: viewer.id }, data: { passwordHash } });
    const sessionVersion = await endAllSessions(viewer.id, tx);
    return viewer.via === "token" ? issueTokenPair({ id: viewer.id, sessionVersion }, tx) : undefined;
  });
  return { tokens };
}
