import { formatPaise } from "@/lib/money";

// A coupon's terms and the discount they give (issue 18): all the bill (lib/bill/compute.ts) and the cart's state need
// in the browser, apart from the rules (./rules.ts) so every page that prices a cart carries only this.

export type CouponKind = "flat" | "percent";

/** What prices a coupon: enough for the browser to re-run the discount (the cart carries it). */
export type CouponTerms = {
  code: string;
  kind: CouponKind;
  /** flat: the amount off */
  amountPaise: number | null;
  /** percent: 1–100 */
  percent: number | null;
  /** percent: the most it takes off (null: no cap) */
  maxDiscountPaise: number | null;
  /** the items total (after product discounts) from which it applies; 0: any */
  minOrderPaise: number;
};

/**
 * The discount of a coupon on an items total: 0 below its minimum (or with nothing in the cart); a flat amount, or
 * the percent rounded down to the paisa and capped by maxDiscount; never more than the items total.
 */
export function couponDiscountPaise(terms: CouponTerms, itemsTotalPaise: number): number {
  if (itemsTotalPaise <= 0 || itemsTotalPaise < terms.minOrderPaise) return 0;
  let off =
    terms.kind === "flat"
      ? (terms.amountPaise ?? 0)
      : Math.floor((itemsTotalPaise * (terms.percent ?? 0)) / 100);
  if (terms.maxDiscountPaise !== null && terms.kind === "percent") off = Math.min(off, terms.maxDiscountPaise);
  return Math.max(0, Math.min(off, itemsTotalPaise));
}

/** "₹50 off", "10% off up to ₹60". */
export function couponOffText(terms: CouponTerms): string {
  if (terms.kind === "flat") return `${formatPaise(terms.amountPaise ?? 0)} off`;
  const cap = terms.maxDiscountPaise !== null ? ` up to ${formatPaise(terms.maxDiscountPaise)}` : "";
  return `${terms.percent ?? 0}% off${cap}`;
}

/** The bill's short explanation of a coupon: "10% off up to ₹60 on orders of ₹299 and above". */
export function couponExplain(terms: CouponTerms): string {
  const from = terms.minOrderPaise > 0 ? ` on orders of ${formatPaise(terms.minOrderPaise)} and above` : " on your items";
  return `${couponOffText(terms)}${from}`;
}

/** "Add ₹50 more to use SAVE10", or null when the items total reaches the coupon's minimum. */
export function minOrderMessage(terms: CouponTerms, itemsTotalPaise: number): string | null {
  if (itemsTotalPaise <= 0) return `Add items to your cart to use ${terms.code}`;
  const missing = terms.minOrderPaise - itemsTotalPaise;
  return missing > 0 ? `Add ${formatPaise(missing)} more to use ${terms.code}` : null;
}

/**
 * The coupon on a shopper's cart as the cart carries it: its `terms` while it is valid for the shopper and the store
 * (the browser prices its discount with them, and says how much is missing below its minimum), else null; `message`:
 * why it takes nothing off now (null: it does).
 */
export type CartCouponState = { code: string; terms: CouponTerms | null; message: string | null };

/** Why a cart's coupon takes nothing off at this items total (null: it applies), as the browser re-reads it. */
export const cartCouponMessage = (state: CartCouponState, itemsTotalPaise: number): string | null =>
  state.terms ? minOrderMessage(state.terms, itemsTotalPaise) : state.message;
