// The admin forms' rules, shared by the client forms, the server actions and the REST handlers: one zod schema per
// write (DESIGN.md rule 1). Updates and deletes name their record `id`; the REST calls' `_id` is read at the edge
// (app/api/_rest/catalog.ts) and handed over as `id`. Deliberately without `import "server-only"`: client components import these.
import "@/lib/zod-browser";
import { z } from "zod";
import { ID_PATTERN } from "@/lib/catalog/params";

export const NAME_MAX = 80;
export const UNIT_MAX = 40;
export const DESCRIPTION_MAX = 5_000;
export const MAX_PRODUCT_IMAGES = 10;
export const MAX_LINKS = 20;
export const MAX_EXTRA_FIELDS = 20;
export const EXTRA_FIELD_NAME_MAX = 40;
export const EXTRA_FIELD_VALUE_MAX = 500;
export const MAX_STOCK = 1_000_000;
/** rupees; pricePaise is a 32-bit integer */
export const MAX_PRICE = 1_000_000;

const text = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) });

/** Trimmed, inner runs of white space collapsed, required, at most `max` characters. */
const requiredText = (label: string, max: number) =>
  text(label)
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`));

export const idField = (label: string) => text(label).trim().regex(ID_PATTERN, `${label} is not a valid id`);

// An image is a path served by this app under /media/ (an upload or the demo art), a file on UploadThing, or, for
// REST clients that host their own pictures (the contract only says "image"), any http(s) URL. Only the first two
// are ever deleted by the shop. javascript:, data:, protocol-relative and credentialed URLs are refused.
const MEDIA_PATH = /^\/media\/(?:catalog|uploads)(?:\/[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}){1,4}$/;
export const IMAGE_URL_MESSAGE = "Image must be an uploaded image or an http(s) URL";

function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && !!url.hostname && !url.username && !url.password;
  } catch {
    return false;
  }
}

export function isOwnImageUrl(url: string): boolean {
  if (url.includes("..")) return false;
  return MEDIA_PATH.test(url) || isWebUrl(url);
}

export const imageUrlField = (label = "Image") =>
  text(label)
    .trim()
    .min(1, `${label} is required`)
    .max(2_048, `${label} is too long`)
    .refine(isOwnImageUrl, IMAGE_URL_MESSAGE);

/**
 * One entry of an id list: an id, or a record as the API itself returns it (`{_id, name}`: the seed's SPA sends the
 * categories it was given back as they are); only `_id` is read. Anything else is a 400 saying what is accepted.
 */
const idRef = (label: string) =>
  z
    .union([z.string(), z.looseObject({ _id: z.string() })], {
      error: `${label} must be a list of ids or of {_id, name} objects`,
    })
    .transform((entry) => (typeof entry === "string" ? entry : entry._id))
    .pipe(idField(label));

/** A list of ids chosen in a form: at least one, each valid; an id chosen twice is kept once (decisions.md). */
const idList = (label: string, noun: string) =>
  z
    .array(idRef(label), { error: `${label} must be a list of ids or of {_id, name} objects` })
    .min(1, `Choose at least one ${noun}`)
    .max(MAX_LINKS, `Choose at most ${MAX_LINKS} ${noun}s`)
    .transform((ids) => [...new Set(ids)]);

// ---------------------------------------------------------------------------------------------------- categories

export const categoryFormSchema = z.object({
  name: requiredText("Name", NAME_MAX),
  image: imageUrlField(),
});
export type CategoryFormInput = z.input<typeof categoryFormSchema>;
export type CategoryFormValues = z.output<typeof categoryFormSchema>;

export const updateCategorySchema = categoryFormSchema.extend({ id: idField("id") });
export type UpdateCategoryValues = z.output<typeof updateCategorySchema>;

/** `{ id }`: what every delete names. */
export const deleteSchema = z.object({ id: idField("id") });

// ------------------------------------------------------------------------------------------------ sub-categories

export const subCategoryFormSchema = z.object({
  name: requiredText("Name", NAME_MAX),
  image: imageUrlField(),
  category: idList("category", "category"),
});
export type SubCategoryFormInput = z.input<typeof subCategoryFormSchema>;
export type SubCategoryFormValues = z.output<typeof subCategoryFormSchema>;

export const updateSubCategorySchema = subCategoryFormSchema.extend({ id: idField("id") });
export type UpdateSubCategoryValues = z.output<typeof updateSubCategorySchema>;

// ------------------------------------------------------------------------------------------------------ products

/** A number typed into a form (text) or sent by a REST client (number or numeric text). */
const numberField = (label: string) =>
  z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
    })
    .transform((value, ctx) => {
      const raw = typeof value === "number" ? value : value.trim() === "" ? NaN : Number(value.trim());
      if (typeof value === "string" && value.trim() === "") {
        ctx.addIssue({ code: "custom", message: `${label} is required` });
        return z.NEVER;
      }
      if (!Number.isFinite(raw)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a number` });
        return z.NEVER;
      }
      return raw;
    });

const stockField = numberField("Stock").pipe(
  z
    .number()
    .int("Stock must be a whole number")
    .min(0, "Stock cannot be negative")
    .max(MAX_STOCK, `Stock must be at most ${MAX_STOCK.toLocaleString("en-IN")}`),
);

const priceField = numberField("Price").pipe(
  z
    .number()
    .min(0, "Price cannot be negative")
    .max(MAX_PRICE, `Price must be at most ₹${MAX_PRICE.toLocaleString("en-IN")}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Price can have at most 2 decimals"),
);

const discountField = numberField("Discount").pipe(
  z
    .number()
    .int("Discount must be a whole percent")
    .min(0, "Discount must be between 0 and 100")
    .max(100, "Discount must be between 0 and 100"),
);

/** Custom fields (`more_details`): names and values are required text; at most 20. */
const moreDetailsField = z
  .record(z.string(), z.unknown(), { error: "more_details must be an object of text fields" })
  .optional()
  .transform((value, ctx) => {
    const out: Record<string, string> = {};
    const entries = Object.entries(value ?? {});
    if (entries.length > MAX_EXTRA_FIELDS) {
      ctx.addIssue({ code: "custom", message: `At most ${MAX_EXTRA_FIELDS} extra fields`, path: [] });
      return z.NEVER;
    }
    for (const [rawKey, rawValue] of entries) {
      const key = rawKey.trim().replace(/\s+/g, " ");
      if (!key || key.length > EXTRA_FIELD_NAME_MAX) {
        ctx.addIssue({
          code: "custom",
          message: `Field names must be 1 to ${EXTRA_FIELD_NAME_MAX} characters`,
          path: [rawKey],
        });
        continue;
      }
      if (typeof rawValue !== "string" && typeof rawValue !== "number") {
        ctx.addIssue({ code: "custom", message: `${key} must be text`, path: [rawKey] });
        continue;
      }
      const v = String(rawValue).trim();
      if (!v) ctx.addIssue({ code: "custom", message: `${key} is required`, path: [rawKey] });
      else if (v.length > EXTRA_FIELD_VALUE_MAX)
        ctx.addIssue({ code: "custom", message: `${key} is too long`, path: [rawKey] });
      else out[key] = v;
    }
    return out;
  });

export const productFormSchema = z.object({
  name: requiredText("Name", NAME_MAX),
  description: text("Description")
    .trim()
    .min(1, "Description is required")
    .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
  image: z
    .array(imageUrlField(), { error: "image must be a list of image URLs" })
    .min(1, "Add at least one image")
    .max(MAX_PRODUCT_IMAGES, `At most ${MAX_PRODUCT_IMAGES} images`)
    .transform((urls) => [...new Set(urls)]),
  category: idList("category", "category"),
  subCategory: idList("subCategory", "sub category"),
  unit: requiredText("Unit", UNIT_MAX),
  stock: stockField,
  price: priceField,
  discount: discountField,
  more_details: moreDetailsField,
});
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

export const updateProductSchema = productFormSchema.extend({ id: idField("id") });
export type UpdateProductValues = z.output<typeof updateProductSchema>;

// ---------------------------------------------------------------------------------------------- delivery partners

export const partnerStatusSchema = z.object({
  partnerId: idField("partnerId"),
  isAvailable: z.boolean({ error: "isAvailable must be true or false" }),
});
export type PartnerStatusValues = z.output<typeof partnerStatusSchema>;
