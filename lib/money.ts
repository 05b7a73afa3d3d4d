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

// Written out, not Intl.NumberFormat: a browser's first NumberFormat loads ICU's locale data, 12–18 ms of the main
// thread on a fast desktop (×4 on Lighthouse's phone) during the first render of every page that shows a price
// (issue 19 #4, TBT). It reads exactly as Intl's en-IN currency format for whole paise (tests/unit/money.test.ts
// compares them), so the server's HTML and the browser's first render still agree.

/** "₹1,234", "₹1,23,456" or "₹49.50" for an amount in paise. */
export function formatPaise(paise: number): string {
  const whole = Math.round(Math.abs(paise));
  const cents = whole % 100;
  // Indian groups: the last three digits, then pairs (1,23,45,678)
  const rupees = String((whole - cents) / 100).replace(/\B(?=(\d\d)*\d{3}$)/g, ",");
  return `${paise < 0 ? "-" : ""}₹${rupees}${cents ? `.${String(cents).padStart(2, "0")}` : ""}`;
}

/** The same for an amount in rupees (to the paisa). */
export const formatINR = (rupees: number): string => formatPaise(rupees * 100);
