import "@/lib/zod-browser";
import { z } from "zod";
import { normalisePhone, PHONE_MESSAGE } from "@/lib/phone";

// The delivery-partner application (spec §2 registration modal, §5): one schema for the "Become a delivery partner"
// dialog, its server action and POST /api/delivery-partner/register. Name and phone required, the phone stored as 10
// digits through the shop's one normaliser, the vehicle optional. No `server-only`: the dialog checks with it too.

export const REQUIRED_MESSAGE = "Name and phone are required";
export const NAME_MAX = 80;
export const VEHICLE_MAX = 40;

// text (a phone may come as a number) or nothing; spaces trimmed and collapsed
const cleaned = (field: string, number = false) =>
  z
    .union([z.string(), ...(number ? [z.number()] : []), z.null()], { error: `${field} must be text` })
    .optional()
    .transform((v) => (v === null || v === undefined ? "" : String(v).trim().replace(/\s+/g, " ")));

/**
 * A missing name or phone is one message for the pair (the spec's "Name and phone are required", the form's message
 * and the REST answer's), with the missing fields named in fieldErrors; then each field's own rule.
 */
export const partnerApplicationSchema = z
  .object({ name: cleaned("name"), phone: cleaned("phone", true), vehicle: cleaned("vehicle") })
  .superRefine(({ name, phone, vehicle }, ctx) => {
    if (!name || !phone) {
      ctx.addIssue({ code: "custom", path: [], message: REQUIRED_MESSAGE });
      if (!name) ctx.addIssue({ code: "custom", path: ["name"], message: "Name is required" });
      if (!phone) ctx.addIssue({ code: "custom", path: ["phone"], message: "Phone is required" });
      return;
    }
    if (name.length > NAME_MAX) {
      ctx.addIssue({
        code: "custom",
        path: ["name"],
        message: `Name must be at most ${NAME_MAX} characters`,
      });
    }
    if (!normalisePhone(phone)) ctx.addIssue({ code: "custom", path: ["phone"], message: PHONE_MESSAGE });
    if (vehicle.length > VEHICLE_MAX) {
      ctx.addIssue({
        code: "custom",
        path: ["vehicle"],
        message: `Vehicle must be at most ${VEHICLE_MAX} characters`,
      });
    }
  })
  .transform(({ name, phone, vehicle }) => ({
    name,
    phone: normalisePhone(phone) ?? phone,
    vehicle: vehicle || null,
  }));

export type PartnerApplication = z.output<typeof partnerApplicationSchema>;
export type PartnerApplicationInput = z.input<typeof partnerApplicationSchema>;
