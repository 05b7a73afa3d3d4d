import { discountedPricePaise, formatPaise } from "@/lib/money";

export type PriceView = {
  /** what the shopper pays, e.g. "₹46" */
  now: string;
  /** the undiscounted price when a discount applies, else null */
  was: string | null;
  discountedPaise: number;
  pricePaise: number;
  /** whole percent, 0 when none */
  discount: number;
};

/** Prices as cards and the product page show them; lib/money rounds (spec §9). */
export function priceView(pricePaise: number, discount: number): PriceView {
  const pct = discount > 0 ? Math.min(Math.round(discount), 100) : 0;
  const discountedPaise = discountedPricePaise(pricePaise, pct);
  return {
    now: formatPaise(discountedPaise),
    was: pct > 0 ? formatPaise(pricePaise) : null,
    discountedPaise,
    pricePaise,
    discount: pct,
  };
}
