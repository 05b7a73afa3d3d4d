import "server-only";
import { recordAudit, type AuditActor, type AuditValues } from "@/lib/audit";
import { changedFields } from "@/lib/audit/changes";
import { prisma, Prisma, runTx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { listStores } from "@/lib/stores/lookup";
import { termsOf, type Coupon } from "./rules";
import type { CouponInput } from "./schemas";
import { toCoupon } from "./store";

// The admin's coupons (issue 18): create, change (activate, deactivate, limits …) and delete, each an audit entry.
// Placed orders keep the code and discount they were placed with whatever happens to the coupon later.

/** A coupon on the Coupons screen and in the admin's REST answers. */
export type AdminCoupon = Coupon & { createdAt: Date; updatedAt: Date };

const ADMIN_SELECT = {
  id: true,
  code: true,
  kind: true,
  amountPaise: true,
  percent: true,
  maxDiscountPaise: true,
  minOrderPaise: true,
  validFrom: true,
  validTo: true,
  perUserLimit: true,
  totalLimit: true,
  usedCount: true,
  firstOrderOnly: true,
  storeIds: true,
  active: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.CouponSelect;

type AdminRow = Prisma.CouponGetPayload<{ select: typeof ADMIN_SELECT }>;
const toAdmin = (r: AdminRow): AdminCoupon => ({
  ...toCoupon(r),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** Every coupon, newest first. */
export async function listCoupons(): Promise<AdminCoupon[]> {
  const rows = await prisma.coupon.findMany({
    select: ADMIN_SELECT,
    orderBy: [{ createdAt: "desc" }, { code: "asc" }],
  });
  return rows.map(toAdmin);
}

const invalid = (field: keyof CouponInput | "value" | "type", message: string) =>
  new AppError("VALIDATION", message, { fieldErrors: { [field]: [message] } });

/** The whole coupon, checked across its fields: the value fits its type, the window runs forwards, stores exist. */
async function checked(input: CouponInput): Promise<CouponInput> {
  const out = { ...input };
  if (out.kind === "percent") {
    const p = out.percent ?? 0;
    if (!Number.isInteger(p) || p < 1 || p > 100)
      throw invalid("value", "value: a percent coupon takes a whole percent from 1 to 100");
    out.amountPaise = null;
  } else {
    const a = out.amountPaise ?? 0;
    if (a < 100 || a > 10_000_000 || !Number.isInteger(a)) {
      throw invalid("value", "value: a flat coupon takes an amount in rupees from 1 to 1,00,000 (e.g. 50)");
    }
    out.percent = null;
    // a flat amount is its own cap
    out.maxDiscountPaise = null;
  }
  if (out.validFrom && out.validTo && out.validFrom >= out.validTo) {
    throw invalid("validTo", "validTo must be after validFrom");
  }
  if (out.storeIds.length) {
    const known = new Set((await listStores()).map((s) => s.id));
    const unknown = out.storeIds.filter((id) => !known.has(id));
    if (unknown.length) throw invalid("storeIds", `storeIds: no store ${unknown.join(", ")}`);
  }
  return out;
}

const DEFAULTS: Omit<CouponInput, "code" | "kind" | "amountPaise" | "percent"> = {
  maxDiscountPaise: null,
  minOrderPaise: 0,
  validFrom: null,
  validTo: null,
  perUserLimit: null,
  totalLimit: null,
  firstOrderOnly: false,
  storeIds: [],
  active: true,
};

const AUDIT_KEYS = [
  "code",
  "kind",
  "amountPaise",
  "percent",
  "maxDiscountPaise",
  "minOrderPaise",
  "validFrom",
  "validTo",
  "perUserLimit",
  "totalLimit",
  "firstOrderOnly",
  "storeIds",
  "active",
] as const satisfies readonly (keyof CouponInput)[];

const auditValues = (c: CouponInput): AuditValues =>
  Object.fromEntries(
    AUDIT_KEYS.map((k) => {
      const v = c[k];
      return [k, v instanceof Date ? v.toISOString() : v];
    }),
  ) as AuditValues;

const taken = (code: string) =>
  new AppError("CONFLICT", `A coupon ${code} exists already: choose another code or edit that one`, {
    fieldErrors: { code: [`${code} exists already`] },
  });

const isCodeClash = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError &&
  error.code === "P2002" &&
  JSON.stringify(error.meta ?? {}).includes("code");

const dataOf = (c: CouponInput) => ({
  ...termsOf(c),
  validFrom: c.validFrom,
  validTo: c.validTo,
  perUserLimit: c.perUserLimit,
  totalLimit: c.totalLimit,
  firstOrderOnly: c.firstOrderOnly,
  storeIds: c.storeIds,
  active: c.active,
});

/** A new coupon (409 when its code exists, in any case). */
export async function createCoupon(
  actor: AuditActor,
  fields: Partial<CouponInput> & Pick<CouponInput, "code" | "kind">,
): Promise<AdminCoupon> {
  const input = await checked({ amountPaise: null, percent: null, ...DEFAULTS, ...fields });
  try {
    return await runTx(async (tx) => {
      const row = await tx.coupon.create({ data: dataOf(input), select: ADMIN_SELECT });
      await recordAudit(tx, {
        actor,
        action: "coupon.create",
        subject: { type: "coupon", id: row.id, label: row.code },
        after: auditValues(input),
      });
      return toAdmin(row);
    });
  } catch (error) {
    if (isCodeClash(error)) throw taken(input.code);
    throw error;
  }
}

const notFound = () => new AppError("NOT_FOUND", "Coupon not found");

/**
 * Changes the fields named (the others stay); changing the type needs its value. Deactivating a coupon stops new
 * orders taking it; orders placed keep their discount.
 */
export async function updateCoupon(
  actor: AuditActor,
  id: string,
  patch: Partial<CouponInput>,
): Promise<AdminCoupon> {
  const current = await prisma.coupon.findUnique({ where: { id }, select: ADMIN_SELECT });
  if (!current) throw notFound();
  const before: CouponInput = { ...toCoupon(current), storeIds: current.storeIds };
  if (patch.kind && patch.kind !== before.kind && patch.amountPaise === undefined) {
    throw invalid("value", "value is required when the type changes");
  }
  const next = await checked({ ...before, ...patch });
  try {
    return await runTx(async (tx) => {
      const row = await tx.coupon.update({ where: { id }, data: dataOf(next), select: ADMIN_SELECT });
      const changed = changedFields(auditValues(before), auditValues(next), AUDIT_KEYS);
      if (changed) {
        await recordAudit(tx, {
          actor,
          action: "coupon.update",
          subject: { type: "coupon", id, label: row.code },
          ...changed,
        });
      }
      return toAdmin(row);
    });
  } catch (error) {
    if (isCodeClash(error)) throw taken(next.code);
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound();
    throw error;
  }
}

/** Deletes a coupon: it leaves every cart it was on; placed orders keep its code and discount. */
export async function deleteCoupon(actor: AuditActor, id: string): Promise<AdminCoupon> {
  return runTx(async (tx) => {
    const row = await tx.coupon.findUnique({ where: { id }, select: ADMIN_SELECT });
    if (!row) throw notFound();
    await tx.coupon.delete({ where: { id } });
    await recordAudit(tx, {
      actor,
      action: "coupon.delete",
      subject: { type: "coupon", id, label: row.code },
      before: auditValues({ ...toCoupon(row), storeIds: row.storeIds }),
    });
    return toAdmin(row);
  });
}
