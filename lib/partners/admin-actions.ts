"use server";

import { adminAction, input } from "@/lib/actions/clients";
import { partnerStatusSchema } from "@/lib/catalog/admin/schemas";
import {
  approvedMessage,
  approvePartner,
  deactivatedMessage,
  deactivatePartner,
  REACTIVATED_MESSAGE,
  reactivatePartner,
} from "./accounts";
import { listPartners, partnerStatusMessage, queuedOrderNote, setPartnerAvailability } from "./admin";
import { approvePartnerSchema, partnerIdSchema } from "./schema";

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

/** The dashboard's Approve dialog (same domain function as PUT /api/delivery-partner/approve). */
export const approvePartnerAction = adminAction
  .inputSchema(input(approvePartnerSchema))
  .action(async ({ parsedInput, ctx }) => {
    const result = await approvePartner(ctx.viewer, parsedInput);
    return { message: approvedMessage(result), data: { partner: result.partner, mailed: result.mailed } };
  });

/** Deactivate (PUT /api/delivery-partner/deactivate): signed out everywhere at once, no new orders. */
export const deactivatePartnerAction = adminAction
  .inputSchema(input(partnerIdSchema))
  .action(async ({ parsedInput, ctx }) => {
    const result = await deactivatePartner(ctx.viewer, parsedInput.partnerId);
    return { message: deactivatedMessage(result), data: result.partner };
  });

/** Reactivate (PUT /api/delivery-partner/reactivate). */
export const reactivatePartnerAction = adminAction
  .inputSchema(input(partnerIdSchema))
  .action(async ({ parsedInput, ctx }) => ({
    message: REACTIVATED_MESSAGE,
    data: await reactivatePartner(ctx.viewer, parsedInput.partnerId),
  }));
