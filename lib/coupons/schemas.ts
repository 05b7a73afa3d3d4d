import "@/lib/zod-browser";
import { z } from "zod";
import { normaliseCode, type Coupon } from "./rules";

// The coupon calls' bodies (issue 18), one set of schemas for REST, the server actions and the admin form, in the
// REST contract's names: `{code, type: "flat" | "percent", value, maxDiscount?, minOrder?, validFrom?, validTo?,
// perUserLimit?, totalLimit?, firstOrderOnly?, storeIds?, active?}`, amounts in rupees, instants as ISO 8601. They
// hand the domain paise, Dates and `kind`.

export const CODE_PATTERN = /^[A-Z0-9_-]{3,20}$/;
export const CODE_MESSAGE = "code must be 3–20 letters, digits, - or _ (e.g. SAVE10)";
export const MAX_RUPEES = 100_000;

export const couponCode = z
  .string({ error: "code is required" })
  .transform(normaliseCode)
  .pipe(z.string().min(1, "code is required").regex(CODE_PATTERN, CODE_MESSAGE));

/** A number sent as a number or as text ("50", "4.50"); null or empty text when `empty` allows it. */
const loose = (label: string) =>
  z.union([z.number(), z.string(), z.null()], { error: `${label} must be a number` });

const isEmpty = (v: number | string | null): v is null | "" =>
  v === null || (typeof v === "string" && v.trim() === "");
const asNumber = (v: number | string) => (typeof v === "number" ? v : v.trim() === "" ? NaN : Number(v));

const numeric = (label: string) =>
  loose(label).transform((v, ctx) => {
    const n = isEmpty(v) ? NaN : asNumber(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: "custom", message: `${label} must be a number` });
      return z.NEVER;
    }
    return n;
  });

/** Rupees (at most 2 decimals, from `min`) → paise; null for none where `optional`. */
function rupeesIn(
  label: string,
  min: number,
  optional: true,
): z.ZodType<number | null, number | string | null>;
function rupeesIn(label: string, min: number, optional: false): z.ZodType<number, number | string | null>;
function rupeesIn(
  label: string,
  min: number,
  optional: boolean,
): z.ZodType<number | null, number | string | null> {
  return loose(label).transform((v, ctx) => {
    if (optional && isEmpty(v)) return null;
    const n = isEmpty(v) ? NaN : asNumber(v);
    const paise = Math.round(n * 100);
    if (!Number.isFinite(n) || Math.abs(paise - n * 100) > 1e-6 || n < min || n > MAX_RUPEES) {
      ctx.addIssue({
        code: "custom",
        message: `${label} must be an amount in rupees from ${min} to ${MAX_RUPEES.toLocaleString("en-IN")}, e.g. 50 or 49.50${optional ? " (empty: none)" : ""}`,
      });
      return z.NEVER;
    }
    return paise;
  });
}

/** A whole number of uses from 1, or null / "" for no limit. */
const limit = (label: string) =>
  loose(label).transform((v, ctx) => {
    if (isEmpty(v)) return null;
    const n = asNumber(v);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
      ctx.addIssue({ code: "custom", message: `${label} must be a whole number from 1 (empty: no limit)` });
      return z.NEVER;
    }
    return n;
  });

/** An instant (ISO 8601 text, or epoch milliseconds), or null / "" for none. */
const instant = (label: string) =>
  z
    .union([z.string(), z.number(), z.null()], {
      error: `${label} must be a date and time, e.g. 2026-12-01T10:00:00+05:30`,
    })
    .transform((v, ctx) => {
      if (v === null || v === "") return null;
      const at = new Date(v);
      if (Number.isNaN(at.getTime())) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a date and time, e.g. 2026-12-01T10:00:00+05:30`,
        });
        return z.NEVER;
      }
      return at;
    });

const storeIds = z
  .array(z.string({ error: "storeIds must be a list of store ids" }).trim().min(1).max(64), {
    error: "storeIds must be a list of store ids",
  })
  .max(100, "storeIds: at most 100 stores")
  .transform((ids) => [...new Set(ids)].sort());

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

const fields = {
  code: couponCode,
  type: z.enum(["flat", "percent"], { error: 'type must be "flat" or "percent"' }),
  value: numeric("value"),
  maxDiscount: rupeesIn("maxDiscount", 1, true),
  minOrder: rupeesIn("minOrder", 0, false),
  validFrom: instant("validFrom"),
  validTo: instant("validTo"),
  perUserLimit: limit("perUserLimit"),
  totalLimit: limit("totalLimit"),
  firstOrderOnly: flag("firstOrderOnly"),
  storeIds,
  active: flag("active"),
};

/** The fields of a coupon as the domain takes them: paise, Dates, `kind`. */
export type CouponInput = Omit<Coupon, "id" | "usedCount">;

type Parsed = Partial<{ [K in keyof typeof fields]: z.output<(typeof fields)[K]> }>;

/** The REST names in the domain's words; fields left out stay out (an update changes only what it names). */
export function toCouponFields(v: Parsed): Partial<CouponInput> {
  const out: Partial<CouponInput> = {};
  if (v.code !== undefined) out.code = v.code;
  if (v.type !== undefined) out.kind = v.type;
  if (v.value !== undefined) {
    // the value's meaning follows the type: checked with the whole coupon (checkCouponInput)
    out.amountPaise = Math.round(v.value * 100);
    out.percent = v.value;
  }
  if (v.maxDiscount !== undefined) out.maxDiscountPaise = v.maxDiscount;
  if (v.minOrder !== undefined) out.minOrderPaise = v.minOrder;
  if (v.validFrom !== undefined) out.validFrom = v.validFrom;
  if (v.validTo !== undefined) out.validTo = v.validTo;
  if (v.perUserLimit !== undefined) out.perUserLimit = v.perUserLimit;
  if (v.totalLimit !== undefined) out.totalLimit = v.totalLimit;
  if (v.firstOrderOnly !== undefined) out.firstOrderOnly = v.firstOrderOnly;
  if (v.storeIds !== undefined) out.storeIds = v.storeIds;
  if (v.active !== undefined) out.active = v.active;
  return out;
}

/** `POST /api/coupon/create` and the Coupons screen's "New coupon". */
export const createCouponSchema = z.object({
  code: fields.code,
  type: fields.type,
  value: fields.value,
  maxDiscount: fields.maxDiscount.optional(),
  minOrder: fields.minOrder.optional(),
  validFrom: fields.validFrom.optional(),
  validTo: fields.validTo.optional(),
  perUserLimit: fields.perUserLimit.optional(),
  totalLimit: fields.totalLimit.optional(),
  firstOrderOnly: fields.firstOrderOnly.optional(),
  storeIds: fields.storeIds.optional(),
  active: fields.active.optional(),
});
export type CreateCouponBody = z.input<typeof createCouponSchema>;

const couponId = z
  .string({ error: "_id is required" })
  .trim()
  .min(1, "_id is required")
  .max(64, "_id is not a coupon id");

/** `PUT /api/coupon/update` {_id, …the fields to change}. */
export const updateCouponSchema = createCouponSchema.partial().extend({ _id: couponId });
export type UpdateCouponBody = z.input<typeof updateCouponSchema>;

/** `DELETE /api/coupon/delete` {_id}. */
export const deleteCouponSchema = z.object({ _id: couponId });

/** `POST /api/coupon/apply` {code}: any text (an unknown code is answered with its rule, not a format error). */
export const applyCouponSchema = z.object({
  code: z
    .string({ error: "code is required" })
    .trim()
    .min(1, "Enter a coupon code")
    .max(40, "That is not a coupon code: codes have at most 20 characters"),
});
export type ApplyCouponValues = z.input<typeof applyCouponSchema>;

// The admin's form: every field as typed text (the dialog's inputs), turned into the create/update body by
// toCouponBody; the server parses that body with the schemas above, whose messages name the same fields.

const text = z.string().trim();
export const couponFormSchema = z.object({
  _id: text,
  code: text.min(1, "code is required"),
  type: z.enum(["flat", "percent"]),
  value: text.min(1, "value is required"),
  maxDiscount: text,
  minOrder: text,
  /** "YYYY-MM-DDTHH:MM" in the admin's own time (a datetime-local input) */
  validFrom: text,
  validTo: text,
  perUserLimit: text,
  totalLimit: text,
  firstOrderOnly: z.boolean(),
  storeIds: z.array(z.string()),
  active: z.boolean(),
});
export type CouponFormValues = z.input<typeof couponFormSchema>;

/** The form as the create/update call's body (a local "YYYY-MM-DDTHH:MM" becomes an instant in the browser's zone). */
export function toCouponBody(v: z.output<typeof couponFormSchema>) {
  const at = (local: string) => {
    if (!local) return null;
    const when = new Date(local);
    // an unreadable date goes as typed: the server names the field
    return Number.isNaN(when.getTime()) ? local : when.toISOString();
  };
  return {
    ...(v._id ? { _id: v._id } : {}),
    code: v.code,
    type: v.type,
    value: v.value,
    maxDiscount: v.type === "percent" && v.maxDiscount ? v.maxDiscount : null,
    minOrder: v.minOrder || "0",
    validFrom: at(v.validFrom),
    validTo: at(v.validTo),
    perUserLimit: v.perUserLimit || null,
    totalLimit: v.totalLimit || null,
    firstOrderOnly: v.firstOrderOnly,
    storeIds: v.storeIds,
    active: v.active,
  };
}
