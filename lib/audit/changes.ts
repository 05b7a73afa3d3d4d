import { formatPaise } from "@/lib/money";

// The before → after of an audit entry: plain JSON objects holding the changed fields only. This module turns them
// into readable "field: old → new" pairs for the dashboard. No `server-only`: pure functions, unit-tested.

export type AuditValue =
  string | number | boolean | null | readonly AuditValue[] | { readonly [key: string]: AuditValue };
export type AuditValues = { readonly [field: string]: AuditValue };

export type AuditChange = { field: string; from: string; to: string };

const same = (a: AuditValue | undefined, b: AuditValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `keys` whose value differs between `before` and `after`, each side holding only those; null when
 * nothing differs (an update that changed nothing writes no entry).
 */
export function changedFields<T extends { readonly [field: string]: AuditValue }>(
  before: T,
  after: T,
  keys: readonly (keyof T & string)[],
): { before: AuditValues; after: AuditValues } | null {
  const changed = keys.filter((k) => !same(before[k], after[k]));
  if (!changed.length) return null;
  const pick = (side: T): AuditValues => Object.fromEntries(changed.map((k) => [k, side[k] ?? null]));
  return { before: pick(before), after: pick(after) };
}

const FIELD_LABELS: Record<string, string> = {
  pricePaise: "price",
  isAvailable: "availability",
  paymentStatus: "payment",
  subCategories: "sub-categories",
  moreDetails: "more details",
};

/** "pricePaise" → "price", "deliveryPaise" → "delivery", "moreDetails" → "more details". */
export function fieldLabel(field: string): string {
  if (FIELD_LABELS[field]) return FIELD_LABELS[field];
  const base = field.endsWith("Paise") && field.length > 5 ? field.slice(0, -5) : field;
  return base.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

const MAX_TEXT = 160;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** Fields holding an enum value: "OUT_FOR_DELIVERY" → "Out for delivery", "ADMIN" → "Admin". */
const ENUM_FIELDS = new Set(["status", "paymentStatus", "role"]);
const humanise = (text: string) =>
  /^[A-Z][A-Z_]*$/.test(text) ? text.charAt(0) + text.slice(1).toLowerCase().replace(/_/g, " ") : text;

/** One value as a person reads it; a missing or null value is "—". */
export function formatAuditValue(field: string, value: AuditValue | undefined): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "number") {
    if (field.endsWith("Paise")) return formatPaise(value);
    if (field === "discount") return `${value}%`;
    return String(value);
  }
  if (typeof value === "boolean") {
    if (field === "isAvailable") return value ? "Available" : "Busy";
    return value ? "yes" : "no";
  }
  if (typeof value === "string") return clip(ENUM_FIELDS.has(field) ? humanise(value) : value) || "(empty)";
  if (Array.isArray(value)) {
    return value.length ? clip(value.map((v) => formatAuditValue("", v as AuditValue)).join(", ")) : "none";
  }
  const entries = Object.entries(value as { [key: string]: AuditValue });
  return entries.length
    ? clip(entries.map(([k, v]) => `${k}: ${formatAuditValue(k, v)}`).join("; "))
    : "none";
}

const asValues = (json: unknown): AuditValues =>
  json && typeof json === "object" && !Array.isArray(json) ? (json as AuditValues) : {};

/** The stored before and after as "field: old → new" pairs, in the order the fields were written. */
export function describeChanges(before: unknown, after: unknown): AuditChange[] {
  const b = asValues(before);
  const a = asValues(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({
    field: fieldLabel(field),
    from: formatAuditValue(field, b[field]),
    to: formatAuditValue(field, a[field]),
  }));
}
