"use server";

import { headers } from "next/headers";
import { adminAction, input, publicAction, staffAction } from "@/lib/actions/clients";
import { clientIp } from "@/lib/auth/client-ip";
import { acceptInviteSchema } from "@/lib/partners/schema";
import { pausedMessage } from "./admin";
import { pauseStoreSchema } from "./schemas";
import {
  acceptStaffInvite,
  deactivateStaff,
  inviteStaff,
  invitedMessage,
  listStaff,
  staffDeactivatedMessage,
} from "./staff";
import {
  inviteStaffSchema,
  receiveSearchSchema,
  receiveStockSchema,
  staffIdSchema,
  staffListSchema,
} from "./staff-schema";
import { pauseWorkStore, receivedMessage, receiveWorkStock, searchWorkStock } from "./staff-work";

// Store staff (issue 16): the Stores screen's Staff dialog (admins; the same functions as /api/store/staff/*), the
// invitation page's set-password form, and the store screen's pause and "Receive stock" (staff of that store, or admins).

export const listStaffAction = adminAction
  .inputSchema(input(staffListSchema))
  .action(async ({ parsedInput }) => ({ message: "", data: await listStaff(parsedInput.storeId) }));

export const inviteStaffAction = adminAction
  .inputSchema(input(inviteStaffSchema))
  .action(async ({ parsedInput, ctx }) => {
    const result = await inviteStaff(ctx.viewer, parsedInput);
    return { message: invitedMessage(result), data: result.staff };
  });

export const deactivateStaffAction = adminAction
  .inputSchema(input(staffIdSchema))
  .action(async ({ parsedInput, ctx }) => {
    const staff = await deactivateStaff(ctx.viewer, parsedInput.staffId);
    return { message: staffDeactivatedMessage(staff), data: staff };
  });

/** The invitation page's set-password form: the password is set, the link used up; then sign in. */
export const acceptStaffInviteAction = publicAction
  .inputSchema(input(acceptInviteSchema, "standalone"))
  .action(async ({ parsedInput }) => ({
    message: "Password set. Sign in to open the pick list.",
    data: await acceptStaffInvite(parsedInput, { ip: clientIp(await headers()) }),
  }));

/** The store screen's Pause / Resume (the Stores screen's pauseStore, for the worker's store). */
export const pauseWorkStoreAction = staffAction
  .inputSchema(input(pauseStoreSchema))
  .action(async ({ parsedInput, ctx }) => {
    const store = await pauseWorkStore(ctx.worker, parsedInput);
    return { message: pausedMessage(store), data: { paused: store.paused, open: store.open } };
  });

/** "Receive stock": products by name with the store's stock. */
export const searchWorkStockAction = staffAction
  .inputSchema(input(receiveSearchSchema))
  .action(async ({ parsedInput, ctx }) => ({ message: "", data: await searchWorkStock(ctx.worker, parsedInput) }));

/** "Receive stock": units added to the shelf (a RECEIVE movement). */
export const receiveStockAction = staffAction
  .inputSchema(input(receiveStockSchema))
  .action(async ({ parsedInput, ctx }) => {
    const change = await receiveWorkStock(ctx.worker, parsedInput);
    return { message: receivedMessage(change), data: change };
  });
