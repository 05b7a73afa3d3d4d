// Money in one place (spec §9): INR, locale en-IN. Stored as paise (integers); the API speaks rupees.
// Discounted price = price − ceil(price × discount / 100), the ceil taken in whole rupees as the spec writes it.

export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => paise / 100;

/** Discount amount in paise for a price in paise and a discount in percent (0–100). */
export function discountAmountPaise(pricePaise: number, discount: number): number {
  if (!discount || discount <= 0) return 0;
  const pct = Math.min(discount, 100);
  // ceil(price × discount / 100) in rupees; integer maths first to avoid 0.1 + 0.2 style drift.
  const paiseTimesPct = pricePaise * pct; // = rupees × pct × 100
  return Math.ceil(paiseTimesPct / 10_000) * 100;
}

/** Price after discount, in paise; never below zero. */
export function discountedPricePaise(pricePaise: number, discount: number): number {
  return Math.max(0, pricePaise - discountAmountPaise(pricePaise, discount));
}

/** Same rule on rupees, for code that works in rupees. */
export function discountedPrice(price: number, discount: number): number {
  return toRupees(discountedPricePaise(toPaise(price), discount));
}

const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 2 });

/** "₹1,234" or "₹49.50" for an amount in rupees. */
export function formatINR(rupees: number): string {
  return inr.format(rupees).replace(/\.00$/, "");
}

export const formatPaise = (paise: number): string => formatINR(toRupees(paise));
