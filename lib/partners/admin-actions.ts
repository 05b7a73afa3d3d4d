"use server";

import { runAdminAction } from "@/lib/catalog/admin/run-action";
import { partnerStatusSchema } from "@/lib/catalog/admin/schemas";
import { partnerStatusMessage, queuedOrderNote, setPartnerAvailability } from "./admin";

/** The Available / Busy switch of the admin's partner list (same domain function as PUT /api/delivery-partner/status). */
export async function setPartnerStatusAction(input: unknown) {
  return runAdminAction(partnerStatusSchema, input, async (v) => {
    const partner = await setPartnerAvailability(v);
    return {
      message: partnerStatusMessage(v.isAvailable),
      data: { partner, note: queuedOrderNote(v.isAvailable, partner) },
    };
  });
}
