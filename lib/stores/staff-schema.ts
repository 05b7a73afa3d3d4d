import "@/lib/zod-browser";
import { z } from "zod";
import { emailField } from "@/lib/accounts/schemas";
import { productIdField, storeIdField, typedCount } from "./schemas";

// Store staff (issue 16): the admin's invitation (the Stores screen's Staff dialog, POST /api/store/staff/invite) and
// the store's own screens (/store: pick list, pause, receive stock). No `server-only`: the forms check with these too.

export const STAFF_NAME_MAX = 80;

/** Invite a staff member to a store by e-mail (a new invitation to someone already invited re-sends it). */
export const inviteStaffSchema = z.object({
  storeId: storeIdField,
  name: z
    .string({ error: "Name is required" })
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, "Name is required").max(STAFF_NAME_MAX, `Name must be at most ${STAFF_NAME_MAX} characters`)),
  email: emailField,
});
export type InviteStaffValues = z.output<typeof inviteStaffSchema>;

/** Deactivate a staff member. */
export const staffIdSchema = z.object({
  staffId: z.string({ error: "_id is required" }).trim().min(1, "_id is required").max(100, "Staff member not found"),
});

/** A store's staff list. */
export const staffListSchema = z.object({ storeId: storeIdField });

/** The store screen's store (an admin picks any; a staff member's is theirs). */
export const workStoreSchema = z.object({ storeId: storeIdField.optional() });

export const RECEIVE_MAX = 10_000;

/** "Receive stock": a delivery of `quantity` units of a product at the store (a RECEIVE movement). */
export const receiveStockSchema = z.object({
  storeId: storeIdField,
  productId: productIdField,
  quantity: typedCount("quantity", 1, RECEIVE_MAX),
});
export type ReceiveStockValues = z.output<typeof receiveStockSchema>;

/** The receive screen's product search. */
export const receiveSearchSchema = z.object({
  storeId: storeIdField,
  search: z.string({ error: "search must be text" }).trim().max(100, "search must be at most 100 characters"),
});
