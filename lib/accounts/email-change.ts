import "server-only";
import { recordAudit } from "@/lib/audit";
import { endAllSessions, hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import type { Viewer } from "@/lib/auth/viewer-core";
import { prisma, runTx, type Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { emailChangeConfirmMail, emailChangeNoticeMail, sendMailAfterResponse, type MailMessage } from "@/lib/mail";
import { consume } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import { EMAIL_TAKEN } from "./errors";
import { checkOwnPassword, WRONG_CURRENT } from "./password-change";

// Changing the e-mail (issue 20 #4). With a live session (or a copied cookie) an attacker could move an account to
// their own address, reset the password and own it. So a change needs the current password, goes to the new address
// as a link and happens only when that link is opened, and the old address is told at once with an undo link that
// keeps (or puts back) the old e-mail and ends every session. The switch ends the account's other sessions.
// Both links are single-use 256-bit tokens kept as sha256 hashes, like every other token in lib/accounts.

export const EMAIL_CHANGE_LINK_HOURS = 24;
export const EMAIL_CHANGE_UNDO_DAYS = 7;

export const CURRENT_PASSWORD_NEEDED =
  "Enter your current password to change your e-mail (REST: send it as currentPassword).";
export const EMAIL_CHANGE_SENT = (email: string) =>
  `We have sent a link to ${email}. Your e-mail changes once you open it; until then it stays as it is.`;

const forbidden = (message: string) =>
  new AppError("FORBIDDEN", message, { fieldErrors: { currentPassword: [message] } });

/**
 * Before anything is written: a different e-mail needs the caller's current password (403 without it or when it is
 * wrong; wrong ones are counted, 10 per 15 minutes) and must be free (409). Then the requests are counted.
 */
export async function assertEmailChangeAllowed(
  viewer: Viewer,
  newEmail: string,
  currentPassword: string | undefined,
  context: { ip: string },
): Promise<void> {
  if (!currentPassword) throw forbidden(CURRENT_PASSWORD_NEEDED);
  await checkOwnPassword(viewer.id, currentPassword, WRONG_CURRENT, "FORBIDDEN");
  const taken = await prisma.user.findUnique({ where: { email: newEmail }, select: { id: true } });
  if (taken) throw new AppError("CONFLICT", EMAIL_TAKEN);
  await consume(`email-change:user:${viewer.id}`, LIMITS.emailChangePerAccount);
  await consume(`email-change:ip:${context.ip}`, LIMITS.emailChangePerIp);
}

/**
 * Records a requested change inside the caller's transaction (an earlier pending one is replaced) and returns the two
 * mails to send after the commit: the link to the new address and the notice with the undo link to the old one.
 */
export async function createEmailChange(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  user: { id: string; email: string; verifyEmail: boolean },
  newEmail: string,
): Promise<MailMessage[]> {
  const now = new Date();
  await tx.emailChange.updateMany({
    where: { userId: user.id, verifiedAt: null, cancelledAt: null, undoneAt: null },
    data: { cancelledAt: now },
  });
  const verifyToken = newOpaqueToken();
  const undoToken = newOpaqueToken();
  await tx.emailChange.create({
    data: {
      userId: user.id,
      oldEmail: user.email,
      oldVerified: user.verifyEmail,
      newEmail,
      verifyTokenHash: hashToken(verifyToken),
      verifyExpiresAt: new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * 3_600_000),
      undoTokenHash: hashToken(undoToken),
      undoExpiresAt: new Date(now.getTime() + EMAIL_CHANGE_UNDO_DAYS * 86_400_000),
      requestedBySession: viewer.sessionId ?? null,
      requestedByFamily: viewer.familyId ?? null,
    },
  });
  await recordAudit(tx, {
    actor: { id: viewer.id, email: user.email },
    action: "user.email.request",
    subject: { type: "user", id: user.id, label: user.email },
    before: { email: user.email },
    after: { pendingEmail: newEmail },
  });
  const verifyUrl = new URL("/api/user/verify-email", env().APP_URL);
  verifyUrl.searchParams.set("token", verifyToken);
  const undoUrl = new URL("/api/user/undo-email-change", env().APP_URL);
  undoUrl.searchParams.set("token", undoToken);
  return [
    emailChangeConfirmMail({ to: newEmail, url: verifyUrl.toString(), hours: EMAIL_CHANGE_LINK_HOURS }),
    emailChangeNoticeMail({
      to: user.email,
      newEmail,
      undoUrl: undoUrl.toString(),
      undoDays: EMAIL_CHANGE_UNDO_DAYS,
    }),
  ];
}

export function sendEmailChangeMails(mails: MailMessage[]) {
  for (const mail of mails) sendMailAfterResponse(mail);
}

/** The address an account is moving to (a live, unconfirmed change), or null. */
export async function pendingEmailOf(userId: string): Promise<string | null> {
  const row = await prisma.emailChange.findFirst({
    where: {
      userId,
      verifiedAt: null,
      cancelledAt: null,
      undoneAt: null,
      verifyExpiresAt: { gt: new Date() },
    },
    orderBy: { createdAt: "desc" },
    select: { newEmail: true },
  });
  return row?.newEmail ?? null;
}

/** What both links of a change read first: whose account it is and the move it asks for. */
const CHANGE = { id: true, userId: true, oldEmail: true, newEmail: true } as const;

export type EmailLinkOutcome = "done" | "invalid" | "taken";

/**
 * Follows the link sent to the new address: switches the account to it (verified), when the change is live, the
 * account still has the old e-mail and the new one is still free. Ends the account's other sessions: every web
 * session and refresh family but the one that asked for the change and the browser that opened the link (when it is
 * signed in to this account). Returns null when the token is not an e-mail change's.
 */
export async function confirmEmailChange(
  token: string,
  opener?: { userId: string; sessionId?: string; familyId?: string } | null,
): Promise<EmailLinkOutcome | null> {
  const row = await prisma.emailChange.findUnique({
    where: { verifyTokenHash: hashToken(token) },
    select: {
      ...CHANGE,
      verifyExpiresAt: true,
      verifiedAt: true,
      cancelledAt: true,
      undoneAt: true,
      requestedBySession: true,
      requestedByFamily: true,
      user: { select: { email: true, status: true } },
    },
  });
  if (!row) return null;
  if (row.verifiedAt || row.cancelledAt || row.undoneAt || row.verifyExpiresAt <= new Date()) return "invalid";
  if (row.user.status !== "ACTIVE" || row.user.email !== row.oldEmail) return "invalid";
  const own = opener?.userId === row.userId ? opener : null;
  const keepSessions = [row.requestedBySession, own?.sessionId].filter((s): s is string => !!s);
  const keepFamilies = [row.requestedByFamily, own?.familyId].filter((f): f is string => !!f);
  return runTx(async (tx): Promise<EmailLinkOutcome> => {
    const claimed = await tx.emailChange.updateMany({
      where: { id: row.id, verifiedAt: null, cancelledAt: null, undoneAt: null },
      data: { verifiedAt: new Date() },
    });
    if (claimed.count !== 1) return "invalid";
    const taken = await tx.user.findUnique({ where: { email: row.newEmail }, select: { id: true } });
    if (taken) {
      await tx.emailChange.update({ where: { id: row.id }, data: { verifiedAt: null, cancelledAt: new Date() } });
      return "taken";
    }
    await tx.user.update({ where: { id: row.userId }, data: { email: row.newEmail, verifyEmail: true } });
    const now = new Date();
    await tx.webSession.updateMany({
      where: { userId: row.userId, revokedAt: null, id: { notIn: keepSessions } },
      data: { revokedAt: now },
    });
    await tx.refreshToken.updateMany({
      where: { userId: row.userId, revokedAt: null, familyId: { notIn: keepFamilies } },
      data: { revokedAt: now },
    });
    // links and codes sent to the old address no longer verify anything
    await tx.emailVerificationToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
    await tx.emailVerificationCode.deleteMany({ where: { userId: row.userId } });
    await auditEmailMove(tx, "user.email", row.userId, row.oldEmail, row.newEmail);
    return "done";
  });
}

/**
 * Follows the undo link of the notice sent to the old address: cancels the change (and any later pending one), puts
 * the old e-mail back when the account had switched away from it, and ends every session of the account. Single use;
 * valid EMAIL_CHANGE_UNDO_DAYS. "taken" when the old address has meanwhile become another account's.
 */
export async function undoEmailChange(token: string | null | undefined): Promise<EmailLinkOutcome> {
  if (!token || token.length > 200) return "invalid";
  const row = await prisma.emailChange.findUnique({
    where: { undoTokenHash: hashToken(token) },
    select: {
      ...CHANGE,
      oldVerified: true,
      undoExpiresAt: true,
      undoneAt: true,
      user: { select: { status: true } },
    },
  });
  if (!row || row.undoneAt || row.undoExpiresAt <= new Date() || row.user.status !== "ACTIVE") return "invalid";
  return runTx(async (tx): Promise<EmailLinkOutcome> => {
    const now = new Date();
    const claimed = await tx.emailChange.updateMany({
      where: { id: row.id, undoneAt: null },
      data: { undoneAt: now },
    });
    if (claimed.count !== 1) return "invalid";
    await tx.emailChange.updateMany({
      where: { userId: row.userId, verifiedAt: null, cancelledAt: null },
      data: { cancelledAt: now },
    });
    const user = await tx.user.findUniqueOrThrow({ where: { id: row.userId }, select: { email: true } });
    if (user.email !== row.oldEmail) {
      const taken = await tx.user.findUnique({ where: { email: row.oldEmail }, select: { id: true } });
      if (taken) {
        // the account still ends every session: whoever moved it must not keep it
        await endAllSessions(row.userId, tx);
        return "taken";
      }
      await tx.user.update({
        where: { id: row.userId },
        data: { email: row.oldEmail, verifyEmail: row.oldVerified },
      });
    }
    await endAllSessions(row.userId, tx);
    await tx.emailVerificationCode.deleteMany({ where: { userId: row.userId } });
    await auditEmailMove(tx, "user.email.undo", row.userId, user.email, row.oldEmail);
    return "done";
  });
}

/** Audits an account moving from one e-mail to another, as done by the account under the address it now has. */
function auditEmailMove(
  tx: Prisma.TransactionClient,
  action: "user.email" | "user.email.undo",
  userId: string,
  from: string,
  to: string,
) {
  return recordAudit(tx, {
    actor: { id: userId, email: to },
    action,
    subject: { type: "user", id: userId, label: to },
    before: { email: from },
    after: { email: to },
  });
}
