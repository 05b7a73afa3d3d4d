"use server";

import { adminAction, input } from "@/lib/actions/clients";
import { partnerStatusSchema } from "@/lib/catalog/admin/schemas";
import { listPartners, partnerStatusMessage, queuedOrderNote, setPartnerAvailability } from "./admin";

/** The admin's partner list, newest applicants first. */
export const listPartnersAction = adminAction.action(async () => ({ message: "", data: await listPartners() }));

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
