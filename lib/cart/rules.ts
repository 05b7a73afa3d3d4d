import { discountedPricePaise } from "@/lib/money";

// The cart's rules that the browser needs too (the guest cart, optimistic updates, disabled buttons), so no
// `server-only` here; the server re-checks every one of them against the database (lib/cart/cart.ts).

/** decisions.md: a quick-commerce shop caps every line at 10 units. */
export const MAX_PER_LINE = 10;

export const PRODUCT_NOT_FOUND = "Product not found";
export const CART_LINE_NOT_FOUND = "Cart item not found";
export const OUT_OF_STOCK_MESSAGE = "This product is out of stock";

/** The most units one line may hold: the stock, and never more than 10. */
export const lineCap = (stock: number): number => Math.max(0, Math.min(Math.floor(stock), MAX_PER_LINE));

/** At or below this many units a card and the product page say "Only N left" (issue 21 item 4). */
export const FEW_LEFT = 5;

/** "Only 3 left" while 0 < stock ≤ FEW_LEFT, else null. */
export const fewLeftText = (stock: number): string | null =>
  stock > 0 && stock <= FEW_LEFT ? `Only ${Math.floor(stock)} left` : null;

/** The 409 message for a quantity above the cap, naming the limit that applies. */
export function limitMessage(stock: number): string {
  const cap = lineCap(stock);
  if (cap <= 0) return OUT_OF_STOCK_MESSAGE;
  if (stock < MAX_PER_LINE) return `Only ${cap} left in stock`;
  return `You can add at most ${MAX_PER_LINE} of this item`;
}

export type PricedQuantity = { quantity: number; pricePaise: number; discount: number };

export type CartTotals = {
  /** sum of the line quantities (spec §9: the badge is the sum of quantities) */
  count: number;
  /** before discounts */
  itemsTotalPaise: number;
  /** after discounts: what the shopper pays (delivery is free) */
  totalPaise: number;
  savingsPaise: number;
};

/** Totals of lines, with lib/money's discount rule per unit. */
export function summarize(lines: readonly PricedQuantity[]): CartTotals {
  let count = 0;
  let itemsTotalPaise = 0;
  let totalPaise = 0;
  for (const line of lines) {
    count += line.quantity;
    itemsTotalPaise += line.pricePaise * line.quantity;
    totalPaise += discountedPricePaise(line.pricePaise, line.discount) * line.quantity;
  }
  return { count, itemsTotalPaise, totalPaise, savingsPaise: itemsTotalPaise - totalPaise };
}

/** A line as the store checks it: its quantity and product, and what the store has of it. */
export type CheckedLine = {
  quantity: number;
  product: { pricePaise: number; discount: number; stock: number };
};

/** Whether a store with `stock` units cannot supply a line of `quantity` in full (issue 16: the line is flagged). */
export const isShort = (quantity: number, stock: number): boolean => quantity > lineCap(stock);

/**
 * A cart's totals at its store: lines the store cannot supply in full are kept out of the bill (their money), until
 * the shopper removes or reduces them; `count` still counts every unit in the cart (the badge).
 */
export function summarizeCart(lines: readonly CheckedLine[]): CartTotals {
  const billed = summarize(
    lines
      .filter((l) => !isShort(l.quantity, l.product.stock))
      .map((l) => ({ quantity: l.quantity, pricePaise: l.product.pricePaise, discount: l.product.discount })),
  );
  return { ...billed, count: lines.reduce((n, l) => n + l.quantity, 0) };
}
