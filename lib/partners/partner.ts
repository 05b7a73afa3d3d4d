import "server-only";

// A delivery partner as the shop and the admin see them; one select and one mapping for every read and write.

/**
 * The partner's sign-in account (issue 17): NONE (an applicant, or a partner the store runs without an account),
 * INVITED (approved; the invitation to set a password is out and still valid), INVITE_EXPIRED (approved, the link
 * expired unused: approve again to re-send) or ACTIVE (the password is set).
 */
export type PartnerAccount = "NONE" | "INVITED" | "INVITE_EXPIRED" | "ACTIVE";

export type Partner = {
  id: string;
  name: string;
  phone: string;
  vehicle: string | null;
  isAvailable: boolean;
  /** ISO 8601 */
  createdAt: string;
  /** "Partner #n" */
  partnerNumber: number;
  /** from the application or given at approval: where the invitation goes */
  email: string | null;
  /** the dark store they ride for (null: none chosen yet) */
  storeId: string | null;
  account: PartnerAccount;
  /** ISO 8601 when an admin deactivated them (signed out, no sign-in, no dispatch); null while active */
  deactivatedAt: string | null;
};

export const PARTNER_SELECT = {
  id: true,
  seq: true,
  name: true,
  phone: true,
  vehicle: true,
  isAvailable: true,
  createdAt: true,
  email: true,
  storeId: true,
  userId: true,
  deactivatedAt: true,
  // a new approval deletes unused invitations, so these are the used ones and at most one pending
  invites: { select: { usedAt: true, expiresAt: true }, orderBy: { createdAt: "desc" }, take: 5 },
} as const;

type Row = {
  id: string;
  seq: number;
  name: string;
  phone: string;
  vehicle: string | null;
  isAvailable: boolean;
  createdAt: Date;
  email: string | null;
  storeId: string | null;
  userId: string | null;
  deactivatedAt: Date | null;
  invites: { usedAt: Date | null; expiresAt: Date }[];
};

/** The account state of a partner row (see PartnerAccount); a linked account never invited (the demo's) is ACTIVE. */
export function accountOf(row: Pick<Row, "userId" | "invites">, now = new Date()): PartnerAccount {
  if (!row.userId) return "NONE";
  if (row.invites.length === 0 || row.invites.some((i) => i.usedAt)) return "ACTIVE";
  return row.invites[0]!.expiresAt > now ? "INVITED" : "INVITE_EXPIRED";
}

export const toPartner = (p: Row): Partner => ({
  id: p.id,
  name: p.name,
  phone: p.phone,
  vehicle: p.vehicle,
  isAvailable: p.isAvailable,
  createdAt: p.createdAt.toISOString(),
  partnerNumber: p.seq,
  email: p.email,
  storeId: p.storeId,
  account: accountOf(p),
  deactivatedAt: p.deactivatedAt ? p.deactivatedAt.toISOString() : null,
});
