import { formatPaise } from "@/lib/money";
import { FEE_KEYS, type AppliedFees, type Bill, type FeeKey } from "./compute";

// The bill's lines as people read them: labels, the fees charged, the amount-to-pay sentence of an order's message
// and the cart's nudges. Apart from compute.ts so that every page's cart state (use-cart) carries only computeBill.

/** What the shopper calls each fee line. */
export const FEE_LABEL: Record<FeeKey, string> = {
  deliveryFee: "Delivery Charge",
  handlingFee: "Handling fee",
  smallCartFee: "Small cart fee",
  lateNightFee: "Late night fee",
  highDemandFee: "High demand fee",
};

/** The amount of one fee line of a bill. */
export const feeAmount = (bill: Bill, key: FeeKey): number => bill[`${key}Paise`];

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
