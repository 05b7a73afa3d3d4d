import "@/lib/zod-browser";
import { z } from "zod";
import { normalisePincode } from "@/lib/addresses/schema";
import { DAY_MINUTES, parseClock } from "./hours";

// Input of the store calls: one schema for REST, server actions and (later) the admin form. Field names are the
// REST contract's (`_id`, `opensAt` as local "HH:MM"); the domain gets minutes and `id`.

export const STORE_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
export const STORE_ID_MESSAGE =
  "_id must be 1–32 lower-case letters, digits or inner hyphens (it is part of the shop's URLs)";
export const PINCODE_FORMAT_MESSAGE = "pincode must be 6 digits";
export const COORDINATES_MESSAGE = "lat must be between -90 and 90 and lng between -180 and 180";

export const storeId = z
  .string({ error: "_id is required" })
  .trim()
  .min(1, "_id is required")
  .max(32, STORE_ID_MESSAGE)
  .regex(STORE_ID_PATTERN, STORE_ID_MESSAGE);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`));

const number = (label: string) =>
  z.union([z.number(), z.string()], { error: `${label} must be a number` }).transform((v, ctx) => {
    const n = typeof v === "number" ? v : v.trim() === "" ? NaN : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: "custom", message: `${label} must be a number` });
      return z.NEVER;
    }
    return n;
  });

const lat = number("lat").pipe(
  z.number().min(-90, "lat must be between -90 and 90").max(90, "lat must be between -90 and 90"),
);
const lng = number("lng").pipe(
  z.number().min(-180, "lng must be between -180 and 180").max(180, "lng must be between -180 and 180"),
);

/** "HH:MM" local time (00:00–24:00) or minutes after midnight. */
const clock = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a time such as 07:00` })
    .transform((v, ctx) => {
      const minutes = typeof v === "number" ? v : parseClock(v);
      if (minutes === null || !Number.isInteger(minutes) || minutes < 0 || minutes > DAY_MINUTES) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a time between 00:00 and 24:00, such as 07:00`,
        });
        return z.NEVER;
      }
      return minutes;
    });

const pincodeList = z
  .array(z.union([z.string(), z.number()]), { error: "pincodes must be a list of pincodes" })
  .max(500, "pincodes: at most 500")
  .transform((list, ctx) => {
    const out = new Set<string>();
    for (const raw of list) {
      const code = normalisePincode(String(raw));
      if (!code)
        ctx.addIssue({ code: "custom", message: `pincodes: ${String(raw)} is not a 6-digit pincode` });
      else out.add(code);
    }
    return [...out].sort();
  });

const fields = {
  name: text("name", 80),
  area: text("area", 80),
  address: text("address", 200),
  lat,
  lng,
  radiusKm: number("radiusKm").pipe(
    z.number().min(0, "radiusKm must be 0 to 15").max(15, "radiusKm must be 0 to 15"),
  ),
  pincodes: pincodeList,
  pickers: number("pickers").pipe(
    z
      .number()
      .int("pickers must be a whole number")
      .min(1, "pickers must be 1 to 100")
      .max(100, "pickers must be 1 to 100"),
  ),
  opensAt: clock("opensAt"),
  closesAt: clock("closesAt"),
  isDefault: z.boolean({ error: "isDefault must be true or false" }),
};

type Hours = { opensAt?: number; closesAt?: number };

/** Normalises hours: an opening at 24:00 is 00:00 and a closing at 00:00 is 24:00; equal times are refused. */
function checkHours<T extends Hours>(value: T, ctx: z.RefinementCtx): T {
  const out = { ...value };
  if (out.opensAt === DAY_MINUTES) out.opensAt = 0;
  if (out.closesAt === 0) out.closesAt = DAY_MINUTES;
  if (out.opensAt !== undefined && out.opensAt === out.closesAt) {
    ctx.addIssue({ code: "custom", path: ["closesAt"], message: HOURS_EQUAL_MESSAGE });
  }
  return out;
}

export const HOURS_EQUAL_MESSAGE = "closesAt must differ from opensAt (00:00 to 24:00 is open all day)";

export const createStoreSchema = z
  .object({
    /** optional: made from the name when absent */
    _id: storeId.optional(),
    ...fields,
    radiusKm: fields.radiusKm.default(2.5),
    pincodes: fields.pincodes.default([]),
    pickers: fields.pickers.default(2),
    opensAt: fields.opensAt.default(0),
    closesAt: fields.closesAt.default(DAY_MINUTES),
    isDefault: fields.isDefault.default(false),
  })
  .transform(checkHours)
  .refine((s) => s.radiusKm > 0 || s.pincodes.length > 0, {
    path: ["radiusKm"],
    message: "Give a service radius above 0 km or a list of served pincodes",
  });
export type CreateStoreInput = z.output<typeof createStoreSchema>;

export const updateStoreSchema = z
  .object({
    _id: storeId,
    name: fields.name.optional(),
    area: fields.area.optional(),
    address: fields.address.optional(),
    lat: fields.lat.optional(),
    lng: fields.lng.optional(),
    radiusKm: fields.radiusKm.optional(),
    pincodes: fields.pincodes.optional(),
    pickers: fields.pickers.optional(),
    opensAt: fields.opensAt.optional(),
    closesAt: fields.closesAt.optional(),
    isDefault: fields.isDefault.optional(),
  })
  .transform(checkHours);
export type UpdateStoreInput = z.output<typeof updateStoreSchema>;

export const pauseStoreSchema = z
  .object({
    _id: storeId,
    paused: z.boolean({ error: "paused must be true or false" }),
    reason: z
      .union([z.string(), z.null()], { error: "reason must be text" })
      .optional()
      .transform((v) => (v ?? "").trim().replace(/\s+/g, " ")),
  })
  .superRefine((v, ctx) => {
    if (v.paused && !v.reason)
      ctx.addIssue({
        code: "custom",
        path: ["reason"],
        message: "reason is required to pause a store (rain, stock count, surge …)",
      });
    if (v.reason.length > 200)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "reason must be at most 200 characters" });
  });
export type PauseStoreInput = z.output<typeof pauseStoreSchema>;

export const deleteStoreSchema = z.object({ _id: storeId });

/** The serviceability query: `pincode`, or `lat` and `lng` (query-string text). */
export const serviceabilityQuery = z
  .object({
    pincode: z.string().trim().optional(),
    lat: z.string().trim().optional(),
    lng: z.string().trim().optional(),
  })
  .transform((q, ctx) => {
    if (q.pincode) {
      if (!/^\d{6}$/.test(q.pincode)) {
        ctx.addIssue({ code: "custom", path: ["pincode"], message: PINCODE_FORMAT_MESSAGE });
        return z.NEVER;
      }
      return { pincode: q.pincode };
    }
    if (q.lat || q.lng) {
      const la = Number(q.lat);
      const ln = Number(q.lng);
      if (
        !q.lat ||
        !q.lng ||
        !Number.isFinite(la) ||
        !Number.isFinite(ln) ||
        Math.abs(la) > 90 ||
        Math.abs(ln) > 180
      ) {
        ctx.addIssue({ code: "custom", path: ["lat"], message: COORDINATES_MESSAGE });
        return z.NEVER;
      }
      return { lat: la, lng: ln };
    }
    ctx.addIssue({ code: "custom", path: ["pincode"], message: "Give a pincode, or lat and lng" });
    return z.NEVER;
  });

export const notifyMeSchema = z.object({
  email: z
    .string({ error: "email is required" })
    .trim()
    .toLowerCase()
    .max(254, "email must be at most 254 characters")
    .pipe(z.email("email must be a valid e-mail address")),
  pincode: z
    .union([z.string(), z.number()], { error: "pincode is required" })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{6}$/, PINCODE_FORMAT_MESSAGE)),
  area: z
    .union([z.string(), z.null()], { error: "area must be text" })
    .optional()
    .transform((v) => (v ?? "").trim().replace(/\s+/g, " ").slice(0, 100) || null),
});
export type NotifyMeInput = z.output<typeof notifyMeSchema>;

/** The most a store may count of one product (a typo guard: 1e9 units is no stock count). */
export const STOCK_MAX = 100_000;
export const STOCK_ROWS_MAX = 1000;

export const storeIdField = z
  .string({ error: "storeId is required" })
  .trim()
  .min(1, "storeId is required")
  .max(32, "storeId is not a store's id")
  .regex(STORE_ID_PATTERN, "storeId is not a store's id");

/** PUT /api/store/stock: the rows are checked one by one by the domain (lib/stores/stock.ts), which lists every bad one. */
export const setStockSchema = z.object({
  storeId: storeIdField,
  items: z
    .array(z.unknown(), { error: "items must be a list of {productId, stock}" })
    .min(1, "items must list at least one product")
    .max(STOCK_ROWS_MAX, `items may list at most ${STOCK_ROWS_MAX} products at once`),
});
export type SetStockInput = z.output<typeof setStockSchema>;

const whole = (label: string, min: number, max: number, fallback: number) =>
  z
    .union([z.string(), z.number(), z.undefined(), z.null()])
    .transform((v) => (v === undefined || v === null || v === "" ? fallback : Number(v)))
    .pipe(
      z
        .number({ error: `${label} must be a whole number from ${min} to ${max}` })
        .int(`${label} must be a whole number from ${min} to ${max}`)
        .min(min, `${label} must be a whole number from ${min} to ${max}`)
        .max(max, `${label} must be a whole number from ${min} to ${max}`),
    );

/** At or below this many units a store's product is "low" (the stock screen's filter); 0 is out of stock. */
export const LOW_STOCK = 5;

/** GET /api/store/stock?storeId=&page=&limit=&search=&lowStock=1 */
export const stockListQuery = z.object({
  storeId: storeIdField,
  lowStock: z
    .union([z.string(), z.boolean(), z.undefined(), z.null()])
    .transform((v) => v === true || v === "1" || v === "true"),
  page: whole("page", 1, 100_000, 1),
  limit: whole("limit", 1, 100, 20),
  search: z
    .union([z.string(), z.undefined(), z.null()])
    .transform((v) => (v ?? "").trim().slice(0, 100)),
});
export type StockListQuery = z.output<typeof stockListQuery>;

/** A count typed into a form (text or a number), a whole number from `min` to `max`. */
export function typedCount(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A product id as the stock calls take it. */
export const productIdField = z.string({ error: "productId is required" }).trim().min(1, "productId is required").max(64);

/** One quantity set from the stock screen (a stock count of one product). */
export const setStockRowSchema = z.object({
  storeId: storeIdField,
  productId: productIdField,
  stock: typedCount("stock", 0, STOCK_MAX),
});

/** POST /api/store/stock/import and the stock screen's import: the file's text (CSV, at most ~1 MB). */
export const importStockSchema = z.object({
  storeId: storeIdField,
  csv: z.string({ error: "csv must be the file's text" }).max(1_000_000, "The file is too large (at most 1 MB)"),
});

/** ?storeId= alone (the stock export). */
export const storeIdQuery = z.object({ storeId: storeIdField });
