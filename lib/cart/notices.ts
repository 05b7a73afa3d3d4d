import { isShort, lineCap, MAX_PER_LINE } from "./rules";

// What the cart says about lines the shopper's store cannot supply (issue 16, "Nothing silent"). Apart from rules.ts
// so that only the screens that show them (the cart's contents, checkout) load these words.

/**
 * What a flagged line says and asks for, naming the store's area (issue 16, "Nothing silent"): null when the store
 * can supply it.
 */
export function shortLineNotice(quantity: number, stock: number, area: string): string | null {
  if (!isShort(quantity, stock)) return null;
  const cap = lineCap(stock);
  if (cap <= 0) return `Out of stock at ${area} — remove it to continue`;
  if (stock < MAX_PER_LINE) return `Only ${cap} left at ${area} — reduce to ${cap} to continue`;
  return `At most ${MAX_PER_LINE} per order — reduce to ${MAX_PER_LINE} to continue`;
}

/** Why checkout waits while some lines are flagged (null when none is). */
export function shortLinesReason(shortLines: number): string | null {
  if (shortLines <= 0) return null;
  return shortLines === 1
    ? "1 item in your cart is not available in that quantity here. Remove or reduce it to check out."
    : `${shortLines} items in your cart are not available in those quantities here. Remove or reduce them to check out.`;
}
