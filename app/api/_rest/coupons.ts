import "server-only";
import { z } from "zod";
import type { Bill } from "@/lib/bill";
import { applyCouponSchema } from "@/lib/coupons/schemas";
import { CouponRefused, couponExplain, type AdminCoupon, type CartCouponState, type CouponOffer, type CouponTerms } from "@/lib/coupons";
import { fail } from "@/lib/http/respond";
import { toRupees } from "@/lib/money";
import { toRestBill } from "./bill";
import { restStoreIdField } from "./stores";

// Coupons in the REST contract's words (issue 18): `_id`, `type` "flat" | "percent", `value` in rupees (flat) or the
// percent, amounts in rupees, instants as ISO 8601. A refused coupon answers 400 (unknown code) or 409 with the
// rule that failed beside the message: `{success: false, error: true, message, rule, fieldErrors: {code: [message]}}`.

const valueOf = (t: CouponTerms) => (t.kind === "flat" ? toRupees(t.amountPaise ?? 0) : (t.percent ?? 0));
const rupeesOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));

const termsToRest = (t: CouponTerms) => ({
  code: t.code,
  type: t.kind,
  value: valueOf(t),
  maxDiscount: rupeesOrNull(t.maxDiscountPaise),
  minOrder: toRupees(t.minOrderPaise),
  description: couponExplain(t),
});

/** A coupon as the admin's calls answer it. */
export const toRestCoupon = (c: AdminCoupon) => ({
  _id: c.id,
  ...termsToRest(c),
  validFrom: c.validFrom?.toISOString() ?? null,
  validTo: c.validTo?.toISOString() ?? null,
  perUserLimit: c.perUserLimit,
  totalLimit: c.totalLimit,
  usedCount: c.usedCount,
  firstOrderOnly: c.firstOrderOnly,
  storeIds: c.storeIds,
  active: c.active,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

/** One of `GET /api/coupon/available`'s offers: `qualifies`, what it takes off now, or what is `missing` (rupees). */
export const toRestOffer = (o: CouponOffer) => ({
  ...termsToRest(o.terms),
  firstOrderOnly: o.firstOrderOnly,
  validTo: o.validTo?.toISOString() ?? null,
  qualifies: o.qualifies,
  discount: toRupees(o.discountPaise),
  missing: toRupees(o.missingPaise),
  message: o.message,
  applied: o.applied,
});

/** The cart's coupon beside its bill: `applied` when it takes something off, else `message` says why not. */
export const toRestCartCoupon = (state: CartCouponState | null, bill: Bill) =>
  state
    ? {
        code: state.code,
        applied: bill.couponCode === state.code,
        discount: toRupees(bill.couponCode === state.code ? bill.couponDiscountPaise : 0),
        message: state.message,
      }
    : null;

/** `data` of the shopper's coupon calls: the cart's bill with (or without) the coupon, and the coupon. */
export const couponCartData = (cart: { bill: Bill; coupon: CartCouponState | null }) => ({
  bill: toRestBill(cart.bill),
  coupon: toRestCartCoupon(cart.coupon, cart.bill),
});

/** `POST /api/coupon/apply`: {code, storeId?}. */
export const restApplyCouponSchema = applyCouponSchema.extend({ storeId: restStoreIdField });

/** `DELETE /api/coupon/remove` and `GET /api/coupon/available`: {storeId?} at most. */
export const restCouponStoreSchema = z.object({ storeId: restStoreIdField });

/** A refused coupon as its envelope (400/409 with `rule`); anything else is thrown on to the route wrapper. */
export async function answeringRefusals(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CouponRefused)) throw error;
    return fail(error.status, error.message, { rule: error.rule, fieldErrors: error.fieldErrors });
  }
}
