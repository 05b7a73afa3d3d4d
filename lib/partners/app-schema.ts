import "@/lib/zod-browser";
import { z } from "zod";

// The partner app's calls (issue 17) in the domain's words: one schema per call, shared by the REST route handlers
// (app/api/partner/*), the server actions and the app's screens. No `server-only`: the screens check with them too.

export const PARTNER_STEPS = ["picked", "arrived", "delivered", "unavailable"] as const;
export type PartnerStep = (typeof PARTNER_STEPS)[number];

export const availabilitySchema = z.object({
  online: z.boolean({ error: "online must be true or false" }),
});

export const DOOR_CODE_MESSAGE = "Enter the 4-digit code the customer shares with you";

/** An order by its number, as the shopper and the partner read it (upper case: KM-2611-ABC123). */
const orderNumberField = z
  .string({ error: "orderId is required" })
  .trim()
  .min(1, "orderId is required")
  .max(40)
  .transform((v) => v.toUpperCase());

export const stepSchema = z
  .object({
    orderId: orderNumberField,
    step: z.enum(PARTNER_STEPS, { error: `step must be one of ${PARTNER_STEPS.join(", ")}` }),
    code: z
      .union([z.string(), z.number()], { error: DOOR_CODE_MESSAGE })
      .optional()
      .transform((v) => (v === undefined ? undefined : String(v).trim())),
  })
  .superRefine((value, ctx) => {
    if (value.step === "delivered" && !/^\d{4}$/.test(value.code ?? "")) {
      ctx.addIssue({ code: "custom", path: ["code"], message: DOOR_CODE_MESSAGE });
    }
  });
export type StepInput = z.input<typeof stepSchema>;
export type StepValues = z.output<typeof stepSchema>;

export const locationSchema = z.object({
  lat: z.number({ error: "lat must be a number" }).min(-90, "lat must be between -90 and 90").max(90, "lat must be between -90 and 90"),
  lng: z
    .number({ error: "lng must be a number" })
    .min(-180, "lng must be between -180 and 180")
    .max(180, "lng must be between -180 and 180"),
});
export type LocationValues = z.output<typeof locationSchema>;

export const helpSchema = z.object({
  orderId: orderNumberField,
  note: z.string({ error: "note must be text" }).trim().max(300, "note must be at most 300 characters").optional(),
});
export type HelpValues = z.output<typeof helpSchema>;
