// The bill (issue 18, "One bill, computed on the server"): from the items' totals and the fees that apply at the
// serving store at a moment, every line of what the shopper pays, in integer paise, with a short explanation per
// non-zero fee. Pure and without `server-only`: the server prices carts and orders with it, and the browser re-runs
// it on the fees the server sent (a guest's cart, an optimistic quantity change) so the screens never disagree with
// the server. A coupon the server found valid for the shopper comes with its terms (lib/coupons/terms.ts prices
// it). A tip is the shopper's choice at checkout (lib/bill/tips.ts), passed in with the order, never kept on the cart.

import { couponDiscountPaise as discountOf, couponExplain, type CouponTerms } from "@/lib/coupons/terms";

/** The basket fees and their thresholds, in paise: what the settings hold and what an order is charged by. */
export type BasketFees = {
  /** charged below `freeDeliveryFromPaise` */
  deliveryFeePaise: number;
  /** items total (after product discounts) at or above which delivery is free */
  freeDeliveryFromPaise: number;
  handlingFeePaise: number;
  /** charged when the items total is below `smallCartBelowPaise` */
  smallCartFeePaise: number;
  smallCartBelowPaise: number;
};

/** The fees that apply to one order at one store at one moment (lib/bill/schedule.ts makes them), all in paise. */
export type AppliedFees = BasketFees & {
  /** 0 outside the late-night window (or with no late-night fee) */
  lateNightFeePaise: number;
  /** 0 unless an admin switched high demand on for the store */
  highDemandFeePaise: number;
  /** the explanation of each fee, for when it is charged (the server writes them: lib/bill/schedule.ts) */
  notes: Partial<Record<FeeKey, string>>;
};

export const FEE_KEYS = ["deliveryFee", "handlingFee", "smallCartFee", "lateNightFee", "highDemandFee"] as const;
export type FeeKey = (typeof FEE_KEYS)[number];

export type Bill = {
  /** items at their MRP (before product discounts) */
  itemsMrpPaise: number;
  /** the product discounts: the shopper's savings */
  productDiscountPaise: number;
  /** items after product discounts */
  itemsTotalPaise: number;
  deliveryFeePaise: number;
  handlingFeePaise: number;
  smallCartFeePaise: number;
  lateNightFeePaise: number;
  highDemandFeePaise: number;
  /** the coupon that takes something off (null: none, or one that does not apply to these items) */
  couponCode: string | null;
  couponDiscountPaise: number;
  /** the shopper's tip for the delivery partner (all of it goes to them) */
  tipPaise: number;
  /** what the shopper pays */
  grandTotalPaise: number;
  /** a short explanation per non-zero fee, and of the coupon when one takes something off */
  explain: Partial<Record<BillNoteKey, string>>;
};

/** The lines of a bill that carry an explanation: the fees and the coupon. */
export type BillNoteKey = FeeKey | "coupon";

/** The items' totals a bill starts from: at MRP and after product discounts (lib/cart/rules.ts summarize). */
export type ItemsTotals = { itemsMrpPaise: number; itemsTotalPaise: number };

/** What the shopper adds to a bill beyond the basket: a tip (paise; the order schema caps it). */
export type BillExtras = { tipPaise?: number };

/**
 * The bill of items at a store's fees. An empty basket (nothing at all) pays no fee. Delivery is free at or above
 * the threshold (exactly ₹199 is free); the small-cart fee applies strictly below its minimum (exactly ₹99 pays
 * none). A coupon (its terms, when the server found it valid for the shopper and the store) takes its discount off
 * the items total (0 below its minimum; never more than the items); fees are charged on the items before it. The
 * tip is added as given (none on an empty basket).
 */
export function computeBill(
  items: ItemsTotals,
  fees: AppliedFees,
  coupon: CouponTerms | null = null,
  extras: BillExtras = {},
): Bill {
  const { itemsMrpPaise, itemsTotalPaise } = items;
  const empty = itemsTotalPaise <= 0 && itemsMrpPaise <= 0;
  const deliveryFeePaise = empty || itemsTotalPaise >= fees.freeDeliveryFromPaise ? 0 : fees.deliveryFeePaise;
  const smallCartFeePaise = empty || itemsTotalPaise >= fees.smallCartBelowPaise ? 0 : fees.smallCartFeePaise;
  const handlingFeePaise = empty ? 0 : fees.handlingFeePaise;
  const lateNightFeePaise = empty ? 0 : fees.lateNightFeePaise;
  const highDemandFeePaise = empty ? 0 : fees.highDemandFeePaise;
  const couponDiscountPaise = coupon && !empty ? discountOf(coupon, itemsTotalPaise) : 0;
  const tipPaise = empty ? 0 : Math.max(0, Math.floor(extras.tipPaise ?? 0));
  const grandTotalPaise =
    itemsTotalPaise +
    deliveryFeePaise +
    handlingFeePaise +
    smallCartFeePaise +
    lateNightFeePaise +
    highDemandFeePaise -
    couponDiscountPaise +
    tipPaise;

  const explain: Bill["explain"] = {};
  const charged: Record<FeeKey, number> = {
    deliveryFee: deliveryFeePaise,
    handlingFee: handlingFeePaise,
    smallCartFee: smallCartFeePaise,
    lateNightFee: lateNightFeePaise,
    highDemandFee: highDemandFeePaise,
  };
  for (const key of FEE_KEYS) {
    const note = fees.notes[key];
    if (charged[key] > 0 && note) explain[key] = note;
  }
  if (coupon && couponDiscountPaise > 0) explain.coupon = couponExplain(coupon);
  return {
    itemsMrpPaise,
    productDiscountPaise: Math.max(0, itemsMrpPaise - itemsTotalPaise),
    itemsTotalPaise,
    deliveryFeePaise,
    handlingFeePaise,
    smallCartFeePaise,
    lateNightFeePaise,
    highDemandFeePaise,
    couponCode: coupon && couponDiscountPaise > 0 ? coupon.code : null,
    couponDiscountPaise,
    tipPaise,
    grandTotalPaise,
    explain,
  };
}

