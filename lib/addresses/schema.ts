import "@/lib/zod-browser";
import { z } from "zod";
import { normalisePhone } from "@/lib/phone";

// The address fields (spec §3 Address) and their server rules, shared by the REST handlers, the server actions
// and the form. The form itself shows no format or length rules (spec §5); the server still refuses garbage
// with a clear message.

export const ADDRESS_LIMITS = {
  address_line: 200,
  city: 100,
  state: 100,
  country: 100,
  pincode: 20,
  mobile: 20,
} as const;

export const ADDRESS_LABELS = {
  address_line: "Address line",
  city: "City",
  state: "State",
  country: "Country",
  pincode: "Pincode",
  mobile: "Mobile",
} as const;

const text = (field: keyof typeof ADDRESS_LIMITS) => {
  const label = ADDRESS_LABELS[field];
  return z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform((v) => String(v).trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(ADDRESS_LIMITS[field], `${label} must be at most ${ADDRESS_LIMITS[field]} characters`),
    );
};

// Spec §5: address fields are required but have no format rules. A mobile that is an Indian number in any of the
// usual spellings is stored as its 10 digits (decisions.md: one normaliser); anything else is kept as typed.
const mobile = text("mobile").transform((value) => normalisePhone(value) ?? value);

export const addressFields = z.object({
  address_line: text("address_line"),
  city: text("city"),
  state: text("state"),
  country: text("country"),
  pincode: text("pincode"),
  mobile,
});

export type AddressFields = z.output<typeof addressFields>;
/** What a form or a client sends (pincode and mobile may be numbers). */
export type AddressFieldsInput = z.input<typeof addressFields>;

const id = z
  .string({ error: "_id is required" })
  .trim()
  .min(1, "_id is required")
  .max(64, "_id is not valid");

export const createAddressBody = addressFields;

/** `_id` plus the fields to change (all optional, each checked like on create); `userId` is ignored. */
export const updateAddressBody = addressFields.partial().extend({ _id: id });

export const disableAddressBody = z.object({ _id: id });

/** The contract's address shape. */
export type AddressDto = {
  _id: string;
  userId: string;
  address_line: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
  mobile: string;
  status: boolean;
  /** ISO 8601 */
  createdAt: string;
};
