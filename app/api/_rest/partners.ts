import { z } from "zod";
import type { Partner } from "@/lib/partners/partner";
import { optionalEmail } from "@/lib/partners/schema";

// Delivery partners in the REST contract's words: `_id` (shared/api-contract.md); made here and nowhere else.

export const toRestPartner = (p: Partner) => ({
  _id: p.id,
  name: p.name,
  phone: p.phone,
  vehicle: p.vehicle,
  isAvailable: p.isAvailable,
  createdAt: p.createdAt,
  partnerNumber: p.partnerNumber,
  // issue 17, beside the contract's fields
  email: p.email,
  storeId: p.storeId,
  account: p.account,
  deactivatedAt: p.deactivatedAt,
});

const partnerIdField = z
  .string({ error: "_id is required" })
  .trim()
  .min(1, "_id is required")
  .max(100, "Delivery partner not found");

/** `PUT /api/delivery-partner/approve`: `_id` and an optional `email` (needed when the application has none). */
export const restApprovePartnerSchema = z
  .object({ _id: partnerIdField, email: optionalEmail })
  .transform(({ _id, email }) => ({ partnerId: _id, email }));

/** `PUT /api/delivery-partner/deactivate` and `/reactivate`: `_id`. */
export const restPartnerIdSchema = z.object({ _id: partnerIdField }).transform(({ _id }) => ({ partnerId: _id }));
