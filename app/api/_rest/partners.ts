import type { Partner } from "@/lib/partners/partner";

// Delivery partners in the REST contract's words: `_id` (shared/api-contract.md); made here and nowhere else.

export const toRestPartner = (p: Partner) => ({
  _id: p.id,
  name: p.name,
  phone: p.phone,
  vehicle: p.vehicle,
  isAvailable: p.isAvailable,
  createdAt: p.createdAt,
  partnerNumber: p.partnerNumber,
});
