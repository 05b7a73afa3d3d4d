import { formatPaise } from "@/lib/money";

// The bill (issue 18, "One bill, computed on the server"): from the items' totals and the fees that apply at the
// serving store at a moment, every line of what the shopper pays, in integer paise, with a short explanation per
// non-zero fee. Pure and without `server-only`: the server prices carts and orders with it, and the browser re-runs
// it on the fees the server sent (a guest's cart, an optimistic quantity change) so the screens never disagree with
// the server. Coupons and tips come later (issue 18); their lines exist now with no coupon and no tip.

/** The fees that apply to one order at one store at one moment (lib/bill/schedule.ts makes them), all in paise. */
export type AppliedFees = {
  /** charged below `freeDeliveryFromPaise` */
  deliveryFeePaise: number;
  /** items total (after product discounts) at or above which delivery is free */
  freeDeliveryFromPaise: number;
  handlingFeePaise: number;
  /** charged when the items total is below `smallCartBelowPaise` */
  smallCartFeePaise: number;
  smallCartBelowPaise: number;
  /** 0 outside the late-night window (or with no late-night fee) */
  lateNightFeePaise: number;
  /** the window, "23:00–06:00", shown in the explanation; null when there is no late-night fee */
  lateNightWindow: string | null;
  /** 0 unless an admin switched high demand on for the store */
  highDemandFeePaise: number;
  /** the store's area, for the high-demand explanation */
  storeArea: string;
};

export const FEE_KEYS = ["deliveryFee", "handlingFee", "smallCartFee", "lateNightFee", "highDemandFee"] as const;
export type FeeKey = (typeof FEE_KEYS)[number];

/** What the shopper calls each fee line. */
export const FEE_LABEL: Record<FeeKey, string> = {
  deliveryFee: "Delivery Charge",
  handlingFee: "Handling fee",
  smallCartFee: "Small cart fee",
  lateNightFee: "Late night fee",
  highDemandFee: "High demand fee",
};

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
  /** coupons come later (issue 18): null and 0 until then */
  couponCode: string | null;
  couponDiscountPaise: number;
  /** tips come later (issue 18): 0 until then */
  tipPaise: number;
  /** what the shopper pays */
  grandTotalPaise: number;
  /** a short explanation per non-zero fee */
  explain: Partial<Record<FeeKey, string>>;
};

/** The items' totals a bill starts from: at MRP and after product discounts (lib/cart/rules.ts summarize). */
export type ItemsTotals = { itemsMrpPaise: number; itemsTotalPaise: number };

/** The fee lines of a bill, in the order every screen shows them. */
export const feeAmount = (bill: Bill, key: FeeKey): number => bill[`${key}Paise`];

/**
 * The bill of items at a store's fees. An empty basket (nothing at all) pays no fee. Delivery is free at or above
 * the threshold (exactly ₹199 is free); the small-cart fee applies strictly below its minimum (exactly ₹99 pays
 * none). Coupon and tip are none yet.
 */
export function computeBill(items: ItemsTotals, fees: AppliedFees): Bill {
  const { itemsMrpPaise, itemsTotalPaise } = items;
  const empty = itemsTotalPaise <= 0 && itemsMrpPaise <= 0;
  const deliveryFeePaise = empty || itemsTotalPaise >= fees.freeDeliveryFromPaise ? 0 : fees.deliveryFeePaise;
  const smallCartFeePaise = empty || itemsTotalPaise >= fees.smallCartBelowPaise ? 0 : fees.smallCartFeePaise;
  const handlingFeePaise = empty ? 0 : fees.handlingFeePaise;
  const lateNightFeePaise = empty ? 0 : fees.lateNightFeePaise;
  const highDemandFeePaise = empty ? 0 : fees.highDemandFeePaise;
  const couponDiscountPaise = 0;
  const tipPaise = 0;
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
  if (deliveryFeePaise > 0) {
    explain.deliveryFee = `Free delivery on orders of ${formatPaise(fees.freeDeliveryFromPaise)} and above`;
  }
  if (handlingFeePaise > 0) explain.handlingFee = "Covers picking and packing your order at the store";
  if (smallCartFeePaise > 0) {
    explain.smallCartFee = `Applies to orders below ${formatPaise(fees.smallCartBelowPaise)}`;
  }
  if (lateNightFeePaise > 0) {
    explain.lateNightFee = `Applies to orders placed ${fees.lateNightWindow ? `between ${fees.lateNightWindow.replace("–", " and ")}` : "late at night"}`;
  }
  if (highDemandFeePaise > 0) {
    explain.highDemandFee = `The ${fees.storeArea} store is very busy right now; this helps get more riders out`;
  }
  return {
    itemsMrpPaise,
    productDiscountPaise: Math.max(0, itemsMrpPaise - itemsTotalPaise),
    itemsTotalPaise,
    deliveryFeePaise,
    handlingFeePaise,
    smallCartFeePaise,
    lateNightFeePaise,
    highDemandFeePaise,
    couponCode: null,
    couponDiscountPaise,
    tipPaise,
    grandTotalPaise,
    explain,
  };
}

/** The fees a bill charges, in display order, with what each costs (zero fees left out). */
export function chargedFees(bill: Bill): { key: FeeKey; label: string; amountPaise: number }[] {
  return FEE_KEYS.filter((key) => feeAmount(bill, key) > 0).map((key) => ({
    key,
    label: FEE_LABEL[key],
    amountPaise: feeAmount(bill, key),
  }));
}

/** "items ₹3 + delivery fee ₹30 + handling fee ₹4 + small cart fee ₹20", or null when the bill is the items alone. */
export function billBreakdown(bill: Bill): string | null {
  const parts = [`items ${formatPaise(bill.itemsTotalPaise)}`];
  for (const fee of chargedFees(bill)) {
    parts.push(`${fee.key === "deliveryFee" ? "delivery fee" : fee.label.toLowerCase()} ${formatPaise(fee.amountPaise)}`);
  }
  if (bill.couponDiscountPaise > 0) parts.push(`coupon −${formatPaise(bill.couponDiscountPaise)}`);
  if (bill.tipPaise > 0) parts.push(`tip ${formatPaise(bill.tipPaise)}`);
  return parts.length > 1 ? parts.join(" + ") : null;
}

/** "Amount to pay: ₹57 (items ₹3 + delivery fee ₹30 + …)." — what an order costs, for its message. */
export function amountToPayText(bill: Bill): string {
  const detail = billBreakdown(bill);
  return `Amount to pay: ${formatPaise(bill.grandTotalPaise)}${detail ? ` (${detail})` : ", no fees"}.`;
}

/** How far the cart is from the next saving: "Add ₹42 more for free delivery". */
export type Nudge = { kind: "freeDelivery" | "smallCart"; missingPaise: number; text: string };

/** The savings within reach: free delivery, and no small-cart fee; only those the cart pays for now. */
export function nextSavings(bill: Bill, fees: AppliedFees): Nudge[] {
  const nudges: Nudge[] = [];
  if (bill.smallCartFeePaise > 0) {
    const missing = fees.smallCartBelowPaise - bill.itemsTotalPaise;
    nudges.push({
      kind: "smallCart",
      missingPaise: missing,
      text: `Add ${formatPaise(missing)} more to avoid the ${formatPaise(bill.smallCartFeePaise)} small cart fee`,
    });
  }
  if (bill.deliveryFeePaise > 0) {
    const missing = fees.freeDeliveryFromPaise - bill.itemsTotalPaise;
    nudges.push({ kind: "freeDelivery", missingPaise: missing, text: `Add ${formatPaise(missing)} more for free delivery` });
  }
  return nudges;
}
