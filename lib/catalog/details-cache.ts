import "server-only";
import { getProductDetails } from "./products";
import type { Product } from "./types";

// The REST product details call (`POST /api/product/get-product-details`) keeps each (product, store) answer for one
// second in this process (issue 19: the API at ≥ 65 % of the static route). A popular product is asked for many
// times a second by every client at once; one read a second serves them all, and its stock is at most a second old,
// the bound the issue sets for stock anywhere (search results keep theirs 30 s, the page cache 3 s); an order moving a
// product's stock forgets its answers in the process that placed it. Every catalogue
// or stock change announced over lib/cache-bus clears the entries (applyCacheChange), so an admin's edit shows on
// the next call on every instance. Concurrent first askers share one read; a failed read (a product not found, the
// database down) is not kept. Bounded: the oldest entries go beyond MAX_ENTRIES.

export const DETAILS_TTL_MS = 1_000;
const MAX_ENTRIES = 5_000;

type Entry = { storeId: string; expires: number; product: Promise<Product> };

const KEY = Symbol.for("kwikmart.productDetails");
// one map per process, whichever bundle (route, job) imports this module
const entries: Map<string, Entry> = ((globalThis as Record<symbol, Map<string, Entry> | undefined>)[KEY] ??= new Map());

const keyOf = (storeId: string, productId: string) => `${storeId}\u0000${productId}`;

/** The product at the store, read at most DETAILS_TTL_MS ago; NOT_FOUND as getProductDetails. */
export function productDetailsKept(productId: string, storeId: string, now = Date.now()): Promise<Product> {
  const key = keyOf(storeId, productId);
  const kept = entries.get(key);
  if (kept && kept.expires > now) return kept.product;
  if (kept) entries.delete(key);
  const product = getProductDetails(productId, storeId);
  const entry: Entry = { storeId, expires: now + DETAILS_TTL_MS, product };
  entries.set(key, entry);
  product.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return product;
}

/**
 * Forgets the answers of products whose stock this process has just moved (an order took or returned it: called
 * after its commit), so the next call here reads the new count; other instances show it within DETAILS_TTL_MS.
 */
export function forgetProductDetails(storeId: string, productIds: readonly string[]): void {
  for (const id of productIds) entries.delete(keyOf(storeId, id));
}

/** Forgets the kept answers of one store (a stock change there), or of every store. */
export function clearProductDetails(storeId?: string): void {
  if (storeId === undefined) {
    entries.clear();
    return;
  }
  for (const [key, entry] of entries) if (entry.storeId === storeId) entries.delete(key);
}
