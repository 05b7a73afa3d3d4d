import "@/lib/zod-browser";
import { z } from "zod";
import { normalisePhone } from "@/lib/phone";

// The address fields (spec §3 Address) and their rules, one schema for the form, the server actions and the REST
// handlers. A rider needs an address they can find (phone-first issue, item 6): a real Indian pincode and mobile,
// and optionally the receiver, flat / house / floor, a landmark and a Home / Work / Other label.

export const ADDRESS_LIMITS = {
  address_line: 200,
  city: 100,
  state: 100,
  country: 100,
  pincode: 20,
  mobile: 20,
  receiver_name: 100,
  house: 100,
  landmark: 120,
} as const;

export const ADDRESS_LABELS = {
  address_line: "Address line",
  city: "City",
  state: "State",
  country: "Country",
  pincode: "Pincode",
  mobile: "Mobile",
  receiver_name: "Receiver's name",
  house: "Flat / house / floor",
  landmark: "Landmark",
} as const;

export const ADDRESS_KINDS = ["home", "work", "other"] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

export const PINCODE_MESSAGE = "Pincode must be 6 digits and cannot start with 0";
export const MOBILE_MESSAGE = "Enter a 10-digit Indian mobile number (starting with 6, 7, 8 or 9)";

/** A pincode as stored: 6 digits, the first not 0 (India Post); spaces inside are dropped. */
export function normalisePincode(value: string): string | null {
  const digits = value.replace(/\s+/g, "");
  return /^[1-9]\d{5}$/.test(digits) ? digits : null;
}

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

// A mobile in any of the usual Indian spellings (+91, 0, spaces) is stored as its 10 digits (decisions.md: one
// normaliser); anything else is refused naming the field.
const mobile = text("mobile").transform((value, ctx) => {
  const digits = normalisePhone(value);
  if (!digits) ctx.addIssue({ code: "custom", message: MOBILE_MESSAGE });
  return digits ?? value;
});

const pincode = text("pincode").transform((value, ctx) => {
  const digits = normalisePincode(value);
  if (!digits) ctx.addIssue({ code: "custom", message: PINCODE_MESSAGE });
  return digits ?? value;
});

/** An optional text field: absent means unchanged, empty (or null) means none. */
const optionalText = (field: "receiver_name" | "house" | "landmark") =>
  z
    .union([z.string(), z.null()], { error: `${ADDRESS_LABELS[field]} must be text` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const cleaned = (v ?? "").trim().replace(/\s+/g, " ");
      if (cleaned.length > ADDRESS_LIMITS[field]) {
        ctx.addIssue({
          code: "custom",
          message: `${ADDRESS_LABELS[field]} must be at most ${ADDRESS_LIMITS[field]} characters`,
        });
      }
      return cleaned || null;
    });

const kind = z
  .union([z.enum(ADDRESS_KINDS), z.literal(""), z.null()], { error: "label must be home, work or other" })
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

/** Optional coordinates of the door (issue 16), filled from the browser's geolocation: both or neither; null clears. */
const coordinate = (field: "lat" | "lng", max: number) =>
  z
    .union([z.number(), z.string(), z.null()], { error: `${field} must be a number` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null) return v;
      const n = typeof v === "number" ? v : v.trim() === "" ? NaN : Number(v);
      if (!Number.isFinite(n) || Math.abs(n) > max) {
        ctx.addIssue({ code: "custom", message: `${field} must be a number between -${max} and ${max}` });
        return z.NEVER;
      }
      return n;
    });

export const COORDINATE_PAIR_MESSAGE = "lat and lng go together: give both or neither";
export const bothOrNeither = (v: { lat?: number | null; lng?: number | null }, ctx: z.RefinementCtx) => {
  if ((v.lat === undefined) !== (v.lng === undefined) || (v.lat === null) !== (v.lng === null)) {
    ctx.addIssue({ code: "custom", path: ["lat"], message: COORDINATE_PAIR_MESSAGE });
  }
};

export const addressFields = z.object({
  address_line: text("address_line"),
  city: text("city"),
  state: text("state"),
  country: text("country"),
  pincode,
  mobile,
  receiver_name: optionalText("receiver_name"),
  house: optionalText("house"),
  landmark: optionalText("landmark"),
  label: kind,
  lat: coordinate("lat", 90),
  lng: coordinate("lng", 180),
});

/**
 * The address dialog's values: the same field rules as `addressFields`, in the order the dialog shows them, with the
 * spec's form name `addressline` for address_line (spec §3: the add form's field is named addressline and sent as
 * address_line; `toAddressFields` renames it back). Importable by client components (no server-only here).
 */
const rules = addressFields.shape;
export const addressFormSchema = z.object({
  receiver_name: rules.receiver_name,
  house: rules.house,
  addressline: rules.address_line,
  landmark: rules.landmark,
  city: rules.city,
  state: rules.state,
  pincode: rules.pincode,
  country: rules.country,
  mobile: rules.mobile,
  label: rules.label,
});
export type AddressFormValues = z.input<typeof addressFormSchema>;

/** The dialog's parsed values as the address calls take them. */
export const toAddressFields = ({ addressline, ...rest }: z.output<typeof addressFormSchema>) => ({
  address_line: addressline,
  ...rest,
});

/** Why a saved address (perhaps from before these rules) cannot be delivered to, or null when it can. */
export function addressProblem(address: { pincode: string; mobile: string }): string | null {
  if (!normalisePincode(address.pincode)) return PINCODE_MESSAGE;
  if (!normalisePhone(address.mobile)) return MOBILE_MESSAGE;
  return null;
}

export type AddressFields = z.output<typeof addressFields>;
/** What a form or a client sends (pincode and mobile may be numbers). */
export type AddressFieldsInput = z.input<typeof addressFields>;

/** A required address id, named `name` in its messages (the REST calls name it `_id`). */
export const addressIdField = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(64, `${name} is not valid`);

export const createAddressBody = addressFields.superRefine(bothOrNeither);

/** `id` plus the fields to change (all optional, each checked like on create); `userId` is ignored. */
export const updateAddressBody = addressFields.partial().extend({ id: addressIdField("id") }).superRefine(bothOrNeither);

export const disableAddressBody = z.object({ id: addressIdField("id") });

/**
 * Where an order goes, in the domain's words: a saved address's delivery fields, and the copy an order keeps of
 * them. (The form and the REST calls name them address_line, receiver_name …; app/api/_rest/addresses.ts.)
 */
export type DeliveryAddress = {
  addressLine: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
  mobile: string;
  /** who takes the order at the door (the account's name unless given) */
  receiverName: string;
  house: string;
  landmark: string;
};

/** A saved address of the shopper's. */
export type Address = DeliveryAddress & {
  id: string;
  userId: string;
  label: AddressKind | null;
  /** the door's coordinates when the shopper gave them (geolocation); null: the pincode's centroid stands for it */
  lat: number | null;
  lng: number | null;
  /** set for an address saved before today's rules that must be fixed before anything can be ordered to it */
  needsFix: string | null;
  /** false once removed (soft removal) */
  active: boolean;
  /** ISO 8601 */
  createdAt: string;
};
