import "server-only";

// A delivery partner as the shop and the admin see them; one select and one mapping for every read and write.

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
};

export const PARTNER_SELECT = {
  id: true,
  seq: true,
  name: true,
  phone: true,
  vehicle: true,
  isAvailable: true,
  createdAt: true,
} as const;

type Row = { id: string; seq: number; name: string; phone: string; vehicle: string | null; isAvailable: boolean; createdAt: Date };

export const toPartner = (p: Row): Partner => ({
  id: p.id,
  name: p.name,
  phone: p.phone,
  vehicle: p.vehicle,
  isAvailable: p.isAvailable,
  createdAt: p.createdAt.toISOString(),
  partnerNumber: p.seq,
});
