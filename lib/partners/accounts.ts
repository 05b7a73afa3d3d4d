import "server-only";
import { randomBytes } from "node:crypto";
import { isUniqueViolation } from "@/lib/accounts/errors";
import { assertNotCommonPassword } from "@/lib/accounts/password-strength";
import { recordAudit, type AuditActor } from "@/lib/audit";
import { hashPassword } from "@/lib/auth/password";
import { endAllSessions, hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import { Prisma, prisma, runTx, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { parseWith } from "@/lib/http/parse";
import { partnerInvitationMail, sendMail } from "@/lib/mail";
import { consume } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";
import { PARTNER_NOT_FOUND } from "./admin";
import { accountOf, PARTNER_SELECT, toPartner, type Partner } from "./partner";
import { acceptInviteSchema, type ApprovePartnerValues } from "./schema";

// Partners get accounts (issue 17). An admin approves an applicant: the partner gets a user of role PARTNER (created,
// or an unlinked PARTNER user with that e-mail linked), tied to their DeliveryPartner row, with an unusable random
// password, and a single-use invitation (PartnerInvite, the token kept hashed, 48 hours) is e-mailed through the outbox.
// Opening the link and choosing a password makes the account usable; the partner then signs in at /login and lands in
// the partner app. Approving again before the password is set re-sends: the new link replaces the unused ones.
// Deactivating signs the partner out everywhere at once (sessionVersion bumped, web sessions and refresh-token families
// revoked: endAllSessions), stops sign-in (lib/accounts/login.ts) and dispatch (lib/dispatch); reactivating undoes it.

export const INVITE_HOURS = 48;

export const NO_EMAIL_MESSAGE =
  "This applicant gave no e-mail address. Give one to send the invitation to.";
export const EMAIL_IN_USE_MESSAGE =
  "This e-mail address already belongs to another account. Give the partner a different e-mail address.";
export const ALREADY_ACTIVE_MESSAGE =
  "This partner has already set a password. They sign in at the login page (Forgot password there if they lost it).";
export const DEACTIVATED_MESSAGE = "This partner is deactivated. Reactivate them first.";
export const otherEmailMessage = (email: string) =>
  `This partner's account uses ${email}. Leave the e-mail out (or give that one) to re-send the invitation.`;

export const INVITE_UNKNOWN =
  "This invitation link is not valid. It may have been replaced by a newer one: open the newest invitation e-mail, or ask your store to send a new invitation.";
export const INVITE_EXPIRED = `This invitation has expired (links work for ${INVITE_HOURS} hours). Ask your store to send a new invitation.`;
export const INVITE_USED =
  "This invitation has already been used. Sign in with your e-mail and password, or use Forgot password on the login page.";
export const INVITE_REVOKED =
  "This invitation is no longer valid because your partner account is not active. Please contact your store.";

/** The invitation link of a token: `${APP_URL}/partner/invite/<token>`. */
export const inviteUrl = (token: string) => new URL(`/partner/invite/${token}`, env().APP_URL).toString();

export type ApproveResult = {
  partner: Partner;
  /** where the invitation went */
  email: string;
  /** false when the mail could not be kept or queued (the approval stands; approving again re-sends it) */
  mailed: boolean;
  expiresAt: Date;
};

const label = (p: { seq: number; name: string }) => `Partner #${p.seq} ${p.name}`;

async function lockPartner(tx: Tx, partnerId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "DeliveryPartner" WHERE id = ${partnerId} FOR UPDATE`;
  if (!rows[0]) throw new AppError("NOT_FOUND", PARTNER_NOT_FOUND);
  return tx.deliveryPartner.findUniqueOrThrow({
    where: { id: partnerId },
    select: { ...PARTNER_SELECT, user: { select: { id: true, email: true } } },
  });
}

const emailConflict = (message: string) => new AppError("CONFLICT", message, { fieldErrors: { email: [message] } });

/**
 * Approves an applicant (or re-sends an unused invitation): 404 for an unknown partner; 409 when no e-mail is known,
 * when it belongs to another account, when the partner is deactivated or has already set a password.
 */
export async function approvePartner(actor: AuditActor, input: ApprovePartnerValues): Promise<ApproveResult> {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + INVITE_HOURS * 3_600_000);
  // unusable until the invitation sets one: nobody knows this password (hashed outside the transaction, it is slow)
  const placeholderHash = await hashPassword(randomBytes(32).toString("base64url"));
  let result: { partner: Partner; email: string };
  try {
    result = await runTx(async (tx) => {
      const row = await lockPartner(tx, input.partnerId);
      if (row.deactivatedAt) throw new AppError("CONFLICT", DEACTIVATED_MESSAGE);
      const before = accountOf(row);
      let userId: string;
      let email: string;
      if (row.user) {
        if (before === "ACTIVE") throw new AppError("CONFLICT", ALREADY_ACTIVE_MESSAGE);
        if (input.email && input.email !== row.user.email) throw emailConflict(otherEmailMessage(row.user.email));
        userId = row.user.id;
        email = row.user.email;
      } else {
        const chosen = input.email ?? row.email;
        if (!chosen) throw emailConflict(NO_EMAIL_MESSAGE);
        email = chosen;
        const existing = await tx.user.findUnique({
          where: { email },
          select: { id: true, role: true, status: true, partner: { select: { id: true } } },
        });
        if (existing) {
          // an account of role PARTNER tied to no partner (its partner row was removed) is taken over; any other is not
          if (existing.role !== "PARTNER" || existing.partner || existing.status !== "ACTIVE")
            throw emailConflict(EMAIL_IN_USE_MESSAGE);
          await tx.user.update({ where: { id: existing.id }, data: { passwordHash: placeholderHash } });
          await endAllSessions(existing.id, tx);
          userId = existing.id;
        } else {
          const user = await tx.user.create({
            data: { name: row.name, email, passwordHash: placeholderHash, role: "PARTNER", mobile: row.phone },
            select: { id: true },
          });
          userId = user.id;
        }
      }
      await tx.deliveryPartner.update({ where: { id: row.id }, data: { userId, email } });
      // only the newest link works
      await tx.partnerInvite.deleteMany({ where: { partnerId: row.id, usedAt: null } });
      await tx.partnerInvite.create({
        data: { partnerId: row.id, userId, tokenHash: hashToken(token), expiresAt },
      });
      await recordAudit(tx, {
        actor,
        action: "partner.approve",
        subject: { type: "partner", id: row.id, label: label(row) },
        before: { account: before, email: row.email },
        after: { account: "INVITED", email },
      });
      const partner = await tx.deliveryPartner.findUniqueOrThrow({ where: { id: row.id }, select: PARTNER_SELECT });
      return { partner: toPartner(partner), email };
    });
  } catch (error) {
    // two approvals racing for one new e-mail: the loser is told like any other taken address
    if (isUniqueViolation(error)) throw emailConflict(EMAIL_IN_USE_MESSAGE);
    throw error;
  }
  // after the commit: a mail problem never undoes the approval (sendMail never throws)
  const sent = await sendMail(partnerInvitationMail({ to: result.email, url: inviteUrl(token), hours: INVITE_HOURS }));
  return { ...result, mailed: sent.ok, expiresAt };
}

/** The answer to an approval, naming where the invitation went. */
export function approvedMessage(result: ApproveResult): string {
  return result.mailed
    ? `Partner approved. We e-mailed an invitation to ${result.email} to set a password (valid ${INVITE_HOURS} hours).`
    : `Partner approved, but the invitation e-mail to ${result.email} could not be sent. Approve again to re-send it.`;
}

export type InviteState =
  | { state: "VALID"; email: string; name: string; expiresAt: Date }
  | { state: "UNKNOWN" | "EXPIRED" | "USED" | "REVOKED"; message: string };

/** What the invitation page shows for a token: the form, or why not and what to do. */
export async function inviteState(token: string): Promise<InviteState> {
  if (!token || token.length > 200) return { state: "UNKNOWN", message: INVITE_UNKNOWN };
  const invite = await prisma.partnerInvite.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      userId: true,
      usedAt: true,
      expiresAt: true,
      partner: { select: { userId: true, deactivatedAt: true, name: true } },
      user: { select: { email: true, status: true } },
    },
  });
  if (!invite) return { state: "UNKNOWN", message: INVITE_UNKNOWN };
  if (invite.usedAt) return { state: "USED", message: INVITE_USED };
  if (invite.partner.deactivatedAt || invite.partner.userId !== invite.userId || invite.user.status !== "ACTIVE")
    return { state: "REVOKED", message: INVITE_REVOKED };
  if (invite.expiresAt <= new Date()) return { state: "EXPIRED", message: INVITE_EXPIRED };
  return { state: "VALID", email: invite.user.email, name: invite.partner.name, expiresAt: invite.expiresAt };
}

const STATE_CODE = { UNKNOWN: "NOT_FOUND", EXPIRED: "CONFLICT", USED: "CONFLICT", REVOKED: "FORBIDDEN" } as const;

/** An invitation's state as its page sees it: VALID with the account's e-mail, or why not. */
type LinkState = { state: "VALID"; email: string } | { state: keyof typeof STATE_CODE; message: string };

/**
 * Sets a password from an invitation link (a partner's, or a store staff member's: lib/stores/staff.ts): the
 * registration's rules (length, not a common password), guesses rate-limited per address under `limitKey`, the link's
 * state checked (an expired, used, replaced or revoked link is refused with what to do), then in one transaction the
 * invitation (a row of `table` by its token's hash) is used up, the password set, the e-mail counted as verified (the
 * link reached it) and any session of the account from before ended. Returns the e-mail to sign in with.
 */
export async function acceptInvitation(
  input: unknown,
  context: { ip: string },
  link: { table: "PartnerInvite" | "StaffInvite"; limitKey: string; state: (token: string) => Promise<LinkState> },
): Promise<{ email: string }> {
  const data = parseWith(acceptInviteSchema, input ?? {}, "standalone");
  await assertNotCommonPassword(data.password, "password");
  await consume(`${link.limitKey}:ip:${context.ip}`, LIMITS.resetPasswordPerIp);
  const state = await link.state(data.token);
  if (state.state !== "VALID") throw new AppError(STATE_CODE[state.state], state.message);
  const passwordHash = await hashPassword(data.password);
  const used = await runTx(async (tx) => {
    // one conditional update claims the link: of two racing submissions only one gets the row back
    const claimed = await tx.$queryRaw<{ userId: string }[]>`
      UPDATE ${Prisma.raw(`"${link.table}"`)} SET "usedAt" = (now() AT TIME ZONE 'UTC')
      WHERE "tokenHash" = ${hashToken(data.token)} AND "usedAt" IS NULL AND "expiresAt" > (now() AT TIME ZONE 'UTC')
      RETURNING "userId"`;
    const userId = claimed[0]?.userId;
    if (!userId) return false;
    await tx.user.update({ where: { id: userId }, data: { passwordHash, verifyEmail: true } });
    // any session of the account from before (a re-linked account) ends with the old password
    await endAllSessions(userId, tx);
    return true;
  });
  if (!used) throw new AppError("CONFLICT", INVITE_USED);
  return { email: state.email };
}

/** Sets the partner's password from their invitation and uses it up (acceptInvitation). */
export function acceptPartnerInvite(input: unknown, context: { ip: string }): Promise<{ email: string }> {
  return acceptInvitation(input, context, { table: "PartnerInvite", limitKey: "partner-invite", state: inviteState });
}

export type DeactivateResult = { partner: Partner; activeOrder: string | null };

/**
 * Deactivates a partner: deactivatedAt set, no longer available, and when they have an account it is signed out
 * everywhere at once (endAllSessions) and its unused invitation expires. An order they are delivering stays theirs (the
 * store finishes or reassigns it on the board; when it ends they are not made available again): its number is
 * returned so the admin is told. Deactivating a deactivated partner changes nothing.
 */
export async function deactivatePartner(actor: AuditActor, partnerId: string): Promise<DeactivateResult> {
  return runTx(async (tx) => {
    const row = await lockPartner(tx, partnerId);
    const active = await tx.partnerAssignment.findFirst({
      where: { partnerId, completedAt: null, order: { status: { notIn: ["DELIVERED", "CANCELLED"] } } },
      select: { order: { select: { orderNumber: true } } },
    });
    if (!row.deactivatedAt) {
      await tx.deliveryPartner.update({
        where: { id: partnerId },
        data: { deactivatedAt: new Date(), isAvailable: false, availableSince: null },
      });
      if (row.userId) await endAllSessions(row.userId, tx);
      // an unused invitation dies (expired, not deleted: after a reactivation the screen offers to re-send it)
      const now = new Date();
      await tx.partnerInvite.updateMany({
        where: { partnerId, usedAt: null, expiresAt: { gt: now } },
        data: { expiresAt: now },
      });
      await recordAudit(tx, {
        actor,
        action: "partner.deactivate",
        subject: { type: "partner", id: row.id, label: label(row) },
        before: { deactivated: false, isAvailable: row.isAvailable },
        after: { deactivated: true, isAvailable: false },
      });
    }
    const partner = await tx.deliveryPartner.findUniqueOrThrow({ where: { id: partnerId }, select: PARTNER_SELECT });
    return { partner: toPartner(partner), activeOrder: active?.order.orderNumber ?? null };
  });
}

export function deactivatedMessage(result: DeactivateResult): string {
  const base = `Partner deactivated. ${result.partner.name} is signed out everywhere and gets no new orders.`;
  return result.activeOrder
    ? `${base} Order ${result.activeOrder} is still theirs: finish or reassign it on the orders board.`
    : base;
}

/**
 * Reactivates a deactivated partner: they can sign in again (with their password; a partner who never set one is
 * approved again for a new invitation). They stay unavailable until switched on. A no-op for an active partner.
 */
export async function reactivatePartner(actor: AuditActor, partnerId: string): Promise<Partner> {
  return runTx(async (tx) => {
    const row = await lockPartner(tx, partnerId);
    if (row.deactivatedAt) {
      await tx.deliveryPartner.update({ where: { id: partnerId }, data: { deactivatedAt: null } });
      await recordAudit(tx, {
        actor,
        action: "partner.reactivate",
        subject: { type: "partner", id: row.id, label: label(row) },
        before: { deactivated: true },
        after: { deactivated: false },
      });
    }
    const partner = await tx.deliveryPartner.findUniqueOrThrow({ where: { id: partnerId }, select: PARTNER_SELECT });
    return toPartner(partner);
  });
}

export const REACTIVATED_MESSAGE =
  "Partner reactivated. They can sign in again; switch them to Available when they are ready to ride.";
