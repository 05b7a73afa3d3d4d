import "@/lib/zod-browser";
import { z } from "zod";
import { emailField, newPasswordField, PASSWORD_MISMATCH } from "@/lib/accounts/schemas";
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

/** An optional e-mail (issue 17: where the invitation goes once approved): blank or null is none, else lower-case. */
export const optionalEmail = z
  .union([z.string(), z.null()], { error: "Email must be text" })
  .optional()
  .transform((v) => (v ?? "").trim())
  .pipe(z.union([z.literal("").transform(() => null), emailField]));

/** An optional store id (checked against the stores by registerPartner: 400 "Unknown store: <id>"). */
const optionalStoreId = z
  .union([z.string(), z.null()], { error: "storeId must be text" })
  .optional()
  .transform((v) => (v ?? "").trim() || null)
  .pipe(z.string().max(100, "Unknown store").nullable());

/**
 * A missing name or phone is one message for the pair (the spec's "Name and phone are required", the form's message
 * and the REST answer's), with the missing fields named in fieldErrors; then each field's own rule.
 */
export const partnerApplicationSchema = z
  .object({
    name: cleaned("name"),
    phone: cleaned("phone", true),
    vehicle: cleaned("vehicle"),
    email: optionalEmail,
    storeId: optionalStoreId,
  })
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
  .transform(({ name, phone, vehicle, email, storeId }) => ({
    name,
    phone: normalisePhone(phone) ?? phone,
    vehicle: vehicle || null,
    email,
    storeId,
  }));

export type PartnerApplication = z.output<typeof partnerApplicationSchema>;
export type PartnerApplicationInput = z.input<typeof partnerApplicationSchema>;

/** The admin's approval (dashboard dialog, `PUT /api/delivery-partner/approve` {_id, email?}). */
export const approvePartnerSchema = z.object({
  partnerId: z.string({ error: "Partner id is required" }).trim().min(1, "Partner id is required").max(100),
  email: optionalEmail,
});
export type ApprovePartnerValues = z.output<typeof approvePartnerSchema>;

/** Deactivate / reactivate a partner (dashboard, `PUT /api/delivery-partner/deactivate|reactivate` {_id}). */
export const partnerIdSchema = z.object({
  partnerId: z.string({ error: "Partner id is required" }).trim().min(1, "Partner id is required").max(100),
});

/** The invitation's set-password form: the registration's password rules (length here, common list on the server). */
export const acceptInviteSchema = z
  .object({
    token: z.string({ error: "The invitation link is incomplete" }).min(1, "The invitation link is incomplete").max(200),
    password: newPasswordField,
    confirmPassword: z
      .string({ error: "Confirm password is required" })
      .min(1, "Confirm password is required"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORD_MISMATCH, path: ["confirmPassword"] });
export type AcceptInviteValues = z.output<typeof acceptInviteSchema>;
