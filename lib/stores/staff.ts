import "server-only";
import { randomBytes } from "node:crypto";
import { isUniqueViolation } from "@/lib/accounts/errors";
import { recordAudit, type AuditActor } from "@/lib/audit";
import { hashPassword } from "@/lib/auth/password";
import { endAllSessions, hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import { prisma, runTx, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { sendMail, staffInvitationMail } from "@/lib/mail";
import {
  acceptInvitation,
  INVITE_EXPIRED,
  INVITE_HOURS,
  INVITE_UNKNOWN,
  INVITE_USED,
} from "@/lib/partners/accounts";
import { STORE_NOT_FOUND } from "./admin";
import type { InviteStaffValues } from "./staff-schema";

// Store staff accounts (issue 16, "The store's side"): an admin invites a person by e-mail to work at one store. They
// get a user of role STAFF (created with an unusable random password) tied to the store by a StoreStaff row, and a
// single-use invitation (StaffInvite, the token kept hashed, 48 hours) e-mailed through the outbox, exactly as a
// partner's (lib/partners/accounts.ts). Opening /store/invite/<token> and choosing a password makes the account
// usable; they sign in at /login and land on /store. Inviting again before the password is set re-sends (the new link
// replaces the unused ones); inviting a deactivated member again reactivates them with a new invitation (their old
// password stops working). Deactivating signs them out everywhere at once and stops sign-in.

export const STAFF_NOT_FOUND = "Staff member not found";
export const STAFF_EMAIL_IN_USE =
  "This e-mail address already belongs to another account (a shopper, partner or admin). Invite the staff member with a different e-mail address.";
export const STAFF_ALREADY_ACTIVE =
  "This staff member has already set a password. They sign in at the login page (Forgot password there if they lost it).";
export const staffElsewhereMessage = (storeName: string) =>
  `This e-mail address belongs to a staff member of ${storeName}. Deactivate them there first, or use another e-mail address.`;
export const STAFF_INVITE_REVOKED =
  "This invitation is no longer valid because your store staff account is not active. Please contact your store manager.";

/** The invitation link of a token: `${APP_URL}/store/invite/<token>`. */
export const staffInviteUrl = (token: string) => new URL(`/store/invite/${token}`, env().APP_URL).toString();

/** INVITED (the link is out and valid), INVITE_EXPIRED, ACTIVE (the password is set) or DEACTIVATED. */
export type StaffAccount = "INVITED" | "INVITE_EXPIRED" | "ACTIVE" | "DEACTIVATED";

export type StaffMember = {
  id: string;
  storeId: string;
  name: string;
  email: string;
  account: StaffAccount;
  /** ISO 8601 */
  createdAt: string;
  deactivatedAt: string | null;
};

const STAFF_SELECT = {
  id: true,
  storeId: true,
  name: true,
  email: true,
  createdAt: true,
  deactivatedAt: true,
  // a new invitation deletes the unused ones: the newest decides
  invites: { select: { usedAt: true, expiresAt: true }, orderBy: { createdAt: "desc" }, take: 1 },
} as const;

type StaffRow = {
  id: string;
  storeId: string;
  name: string;
  email: string;
  createdAt: Date;
  deactivatedAt: Date | null;
  invites: { usedAt: Date | null; expiresAt: Date }[];
};

function accountOf(row: StaffRow, now = new Date()): StaffAccount {
  if (row.deactivatedAt) return "DEACTIVATED";
  const newest = row.invites[0];
  // no invitation at all: an account made by the seed, usable from the start
  if (!newest || newest.usedAt) return "ACTIVE";
  return newest.expiresAt > now ? "INVITED" : "INVITE_EXPIRED";
}

const toStaff = (row: StaffRow): StaffMember => ({
  id: row.id,
  storeId: row.storeId,
  name: row.name,
  email: row.email,
  account: accountOf(row),
  createdAt: row.createdAt.toISOString(),
  deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
});

const label = (s: { name: string; email: string }) => `Staff ${s.name} <${s.email}>`;

async function assertStore(storeId: string): Promise<{ id: string; name: string }> {
  const store = await prisma.store.findUnique({ where: { id: storeId }, select: { id: true, name: true } });
  if (!store) throw new AppError("NOT_FOUND", STORE_NOT_FOUND);
  return store;
}

/** A store's staff, newest first; 404 for an unknown store. */
export async function listStaff(storeId: string): Promise<StaffMember[]> {
  await assertStore(storeId);
  const rows = await prisma.storeStaff.findMany({
    where: { storeId },
    select: STAFF_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map(toStaff);
}

export type StaffInviteResult = { staff: StaffMember; mailed: boolean; expiresAt: Date; resent: boolean };

const emailConflict = (message: string) => new AppError("CONFLICT", message, { fieldErrors: { email: [message] } });

/**
 * Invites `email` to work at a store (or re-sends an unused invitation, or reactivates a deactivated member with a new
 * one): 404 for an unknown store; 409 when the e-mail belongs to a shopper, partner or admin, to a staff member of
 * another store, or to a member of this store who has already set a password.
 */
export async function inviteStaff(actor: AuditActor, input: InviteStaffValues): Promise<StaffInviteResult> {
  const store = await assertStore(input.storeId);
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + INVITE_HOURS * 3_600_000);
  // unusable until the invitation sets one (hashed outside the transaction: it is slow)
  const placeholderHash = await hashPassword(randomBytes(32).toString("base64url"));
  let result: { staff: StaffMember; resent: boolean };
  try {
    result = await runTx(async (tx) => {
      const existing = await tx.user.findUnique({
        where: { email: input.email },
        select: { id: true, role: true, staff: { select: STAFF_SELECT } },
      });
      let staffId: string;
      let userId: string;
      let resent = false;
      if (existing) {
        const row = existing.staff;
        if (existing.role !== "STAFF" || !row) throw emailConflict(STAFF_EMAIL_IN_USE);
        if (row.storeId !== store.id) {
          const other = await tx.store.findUnique({ where: { id: row.storeId }, select: { name: true } });
          throw emailConflict(staffElsewhereMessage(other?.name ?? row.storeId));
        }
        if (accountOf(row) === "ACTIVE") throw emailConflict(STAFF_ALREADY_ACTIVE);
        // re-sent, or back from deactivation: the old password (if any) stops working, sessions end
        await tx.user.update({ where: { id: existing.id }, data: { passwordHash: placeholderHash, status: "ACTIVE" } });
        await endAllSessions(existing.id, tx);
        await tx.storeStaff.update({ where: { id: row.id }, data: { deactivatedAt: null, name: input.name } });
        staffId = row.id;
        userId = existing.id;
        resent = true;
      } else {
        const user = await tx.user.create({
          data: { name: input.name, email: input.email, passwordHash: placeholderHash, role: "STAFF" },
          select: { id: true },
        });
        const row = await tx.storeStaff.create({
          data: { storeId: store.id, userId: user.id, name: input.name, email: input.email },
          select: { id: true },
        });
        staffId = row.id;
        userId = user.id;
      }
      // only the newest link works
      await tx.staffInvite.deleteMany({ where: { staffId, usedAt: null } });
      await tx.staffInvite.create({ data: { staffId, userId, tokenHash: hashToken(token), expiresAt } });
      await recordAudit(tx, {
        actor,
        action: "staff.invite",
        subject: { type: "staff", id: staffId, label: label(input) },
        before: {},
        after: { storeId: store.id, email: input.email, account: "INVITED" },
      });
      const staff = await tx.storeStaff.findUniqueOrThrow({ where: { id: staffId }, select: STAFF_SELECT });
      return { staff: toStaff(staff), resent };
    });
  } catch (error) {
    // two invitations racing for one new e-mail: the loser is told like any other taken address
    if (isUniqueViolation(error)) throw emailConflict(STAFF_EMAIL_IN_USE);
    throw error;
  }
  // after the commit: a mail problem never undoes the invitation (sendMail never throws)
  const sent = await sendMail(
    staffInvitationMail({ to: input.email, url: staffInviteUrl(token), hours: INVITE_HOURS, storeName: store.name }),
  );
  return { ...result, mailed: sent.ok, expiresAt };
}

/** The answer to an invitation, naming where it went. */
export function invitedMessage(result: StaffInviteResult): string {
  const email = result.staff.email;
  return result.mailed
    ? `Invitation ${result.resent ? "re-sent" : "sent"} to ${email} (valid ${INVITE_HOURS} hours).`
    : `${result.staff.name} was added, but the invitation e-mail to ${email} could not be sent. Invite them again to re-send it.`;
}

export type StaffInviteState =
  | { state: "VALID"; email: string; name: string; storeName: string; expiresAt: Date }
  | { state: "UNKNOWN" | "EXPIRED" | "USED" | "REVOKED"; message: string };

/** What the invitation page shows for a token: the form, or why not and what to do. */
export async function staffInviteState(token: string): Promise<StaffInviteState> {
  if (!token || token.length > 200) return { state: "UNKNOWN", message: INVITE_UNKNOWN };
  const invite = await prisma.staffInvite.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      userId: true,
      usedAt: true,
      expiresAt: true,
      staff: { select: { userId: true, deactivatedAt: true, name: true, store: { select: { name: true } } } },
      user: { select: { email: true, status: true, role: true } },
    },
  });
  if (!invite) return { state: "UNKNOWN", message: INVITE_UNKNOWN };
  if (invite.usedAt) return { state: "USED", message: INVITE_USED };
  if (
    invite.staff.deactivatedAt ||
    invite.staff.userId !== invite.userId ||
    invite.user.status !== "ACTIVE" ||
    invite.user.role !== "STAFF"
  )
    return { state: "REVOKED", message: STAFF_INVITE_REVOKED };
  if (invite.expiresAt <= new Date()) return { state: "EXPIRED", message: INVITE_EXPIRED };
  return {
    state: "VALID",
    email: invite.user.email,
    name: invite.staff.name,
    storeName: invite.staff.store.name,
    expiresAt: invite.expiresAt,
  };
}

/**
 * Sets the staff member's password from their invitation and uses it up, as a partner's (acceptInvitation: the
 * registration's rules, guesses rate-limited per address, the e-mail then counts as verified). Returns the e-mail to
 * sign in with.
 */
export function acceptStaffInvite(input: unknown, context: { ip: string }): Promise<{ email: string }> {
  return acceptInvitation(input, context, { table: "StaffInvite", limitKey: "staff-invite", state: staffInviteState });
}

async function lockStaff(tx: Tx, staffId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "StoreStaff" WHERE id = ${staffId} FOR UPDATE`;
  if (!rows[0]) throw new AppError("NOT_FOUND", STAFF_NOT_FOUND);
  return tx.storeStaff.findUniqueOrThrow({ where: { id: staffId }, select: { ...STAFF_SELECT, userId: true } });
}

/**
 * Deactivates a staff member: signed out everywhere at once (endAllSessions), no sign-in, an unused invitation
 * expires. 404 for an unknown one; 409 when already deactivated (invite them again to bring them back).
 */
export async function deactivateStaff(actor: AuditActor, staffId: string): Promise<StaffMember> {
  return runTx(async (tx) => {
    const row = await lockStaff(tx, staffId);
    if (row.deactivatedAt)
      throw new AppError("CONFLICT", `${row.name} is already deactivated. Invite them again to bring them back.`);
    const now = new Date();
    await tx.storeStaff.update({ where: { id: staffId }, data: { deactivatedAt: now } });
    await endAllSessions(row.userId, tx);
    await tx.staffInvite.updateMany({
      where: { staffId, usedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    await recordAudit(tx, {
      actor,
      action: "staff.deactivate",
      subject: { type: "staff", id: row.id, label: label(row) },
      before: { deactivated: false },
      after: { deactivated: true },
    });
    return toStaff(await tx.storeStaff.findUniqueOrThrow({ where: { id: staffId }, select: STAFF_SELECT }));
  });
}

export const staffDeactivatedMessage = (s: StaffMember) =>
  `${s.name} is deactivated and signed out everywhere. Invite them again to bring them back.`;
