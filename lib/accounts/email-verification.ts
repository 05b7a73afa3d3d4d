import "server-only";
import { hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import { prisma, runTx, type Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { emailVerificationMail, sendMailAfterResponse } from "@/lib/mail";

export const EMAIL_VERIFICATION_HOURS = 24;

/** Creates a verification token (inside the caller's transaction) and returns the mail to send after commit. */
export async function createEmailVerification(
  tx: Prisma.TransactionClient,
  user: { id: string; name: string; email: string },
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
  return emailVerificationMail({
    to: user.email,
    name: user.name,
    url: url.toString(),
    hours: EMAIL_VERIFICATION_HOURS,
  });
}

export function sendVerificationMail(mail: ReturnType<typeof emailVerificationMail>) {
  sendMailAfterResponse(mail);
}

/**
 * Follows a verification link: sets verifyEmail when the token is live and was issued for the account's current
 * e-mail (an e-mail change issues a new link). Returns whether the e-mail is now verified.
 */
export async function verifyEmailToken(token: string | null | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await prisma.emailVerificationToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      userId: true,
      expiresAt: true,
      usedAt: true,
      createdAt: true,
      user: { select: { status: true } },
    },
  });
  if (!row || row.usedAt || row.expiresAt <= new Date() || row.user.status !== "ACTIVE") return false;
  return runTx(async (tx) => {
    const { count } = await tx.emailVerificationToken.updateMany({
      where: { id: row.id, usedAt: null },
      data: { usedAt: new Date() },
    });
    if (count !== 1) return false;
    // A newer token means the e-mail changed since this link was sent: only the newest link verifies.
    const newer = await tx.emailVerificationToken.count({
      where: { userId: row.userId, createdAt: { gt: row.createdAt } },
    });
    if (newer) return false;
    await tx.user.update({ where: { id: row.userId }, data: { verifyEmail: true } });
    return true;
  });
}
