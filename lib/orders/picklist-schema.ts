import "@/lib/zod-browser";
import { z } from "zod";
import { orderNumberField } from "./schemas";

// The pick list's input (issue 16): the same schemas for the /store screen's actions and the REST calls
// (PUT /api/store/picklist/line, PUT /api/store/picklist/packed). No `server-only`: the screen checks with these too.

export const PICK_MARK_REQUIRED =
  "Give picked (true or false), short (the number of units missing, 0 to clear) or callDecision (replace or remove)";
export const PICK_BOTH = "A line is either picked or short: give picked: true or a short count, not both";

/** A tick or a short mark on one line of an order. */
export const pickLineSchema = z
  .object({
    orderId: orderNumberField,
    lineId: z.string({ error: "lineId is required" }).trim().min(1, "lineId is required").max(64, "Line not found"),
    picked: z.boolean({ error: "picked must be true or false" }).optional(),
    short: z
      .number({ error: "short must be a whole number of units" })
      .int("short must be a whole number of units")
      .min(0, "short must be a whole number of units")
      .max(10_000, "short must be a whole number of units")
      .optional(),
    /** issue 18: a "call me" line marked short: what the shopper said on the phone */
    callDecision: z
      .enum(["replace", "remove"], { error: 'callDecision must be "replace" or "remove"' })
      .transform((v) => (v === "replace" ? "REPLACE" : "REMOVE"))
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.picked === undefined && v.short === undefined && v.callDecision === undefined)
      ctx.addIssue({ code: "custom", path: ["picked"], message: PICK_MARK_REQUIRED });
    if (v.picked === true && v.short !== undefined && v.short > 0)
      ctx.addIssue({ code: "custom", path: ["short"], message: PICK_BOTH });
  });
export type PickLineInput = z.output<typeof pickLineSchema>;

/** Packed: hands the order to dispatch once every line is ticked or short. */
export const packOrderSchema = z.object({ orderId: orderNumberField });
