"use server";

import { adminAction, input } from "@/lib/actions/clients";
import { partnerStatusSchema } from "@/lib/catalog/admin/schemas";
import { partnerStatusMessage, queuedOrderNote, setPartnerAvailability } from "./admin";

/** The Available / Busy switch of the admin's partner list (same domain function as PUT /api/delivery-partner/status). */
export const setPartnerStatusAction = adminAction
  .inputSchema(input(partnerStatusSchema))
  .action(async ({ parsedInput, ctx }) => {
    const partner = await setPartnerAvailability(ctx.viewer, parsedInput);
    return {
      message: partnerStatusMessage(parsedInput.isAvailable),
      data: { partner, note: queuedOrderNote(parsedInput.isAvailable, partner) },
    };
  });
