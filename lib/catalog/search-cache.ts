import "server-only";
import { isDatabaseUnavailable } from "@/lib/db";
import { log } from "@/lib/log";
import { searchProducts } from "./search";
import type { ProductDetail, ProductOf, SearchPage } from "./types";

// Result pages of recent searches, kept for a short while in this server process. A quick-commerce shop's searches
// are few and repeated ("milk", "bread", "atta" by thousands of shoppers), and a broad word at 100,000 products
// matches ~6,000 of them, all of which the ranked statement has to read and score (25–35 ms). The page of results
// is the same for everyone, so it is computed once per 30 seconds per query rather than once per shopper.
//
// Fresh enough: every catalogue write and every product selling out or coming back (invalidateCatalog, which orders
// call) clears it at once; other stock changes show within 30 s, as on the listings (60 s). The product page, the
// cart and checkout always read live stock. Concurrent identical searches share one database read; a failed
// search is not kept. Bounded: the least recently used entries go beyond 1,000.
//
// Results are per store (their stock and order are that store's): the store id is part of every key, and a stock
// change at one store clears only that store's entries (clearSearchCache(storeId)).

const TTL_MS = 30_000;
const MAX_ENTRIES = 1_000;

type Entry = { storeId: string; expires: number; page: Promise<SearchPage<unknown>> };
const entries = new Map<string, Entry>();

type SearchInput<D extends ProductDetail> = Parameters<typeof searchProducts<D>>[0];

/** searchProducts through the cache; same input, same answer. */
export function cachedSearchProducts<D extends ProductDetail = "card">(
  input: SearchInput<D>,
): Promise<SearchPage<ProductOf<D>>> {
  const key = JSON.stringify([
    input.storeId,
    input.q,
    input.page ?? 1,
    input.limit ?? 0,
    input.sort ?? "",
    input.detail ?? "card",
  ]);
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) {
    entries.delete(key); // most recently used goes last
    entries.set(key, hit);
    return hit.page as Promise<SearchPage<ProductOf<D>>>;
  }

  const page = searchProducts(input);
  const entry: Entry = { storeId: input.storeId, expires: now + TTL_MS, page };
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  page.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return page;
}

/** cachedSearchProducts for a page: null while the database cannot be reached (the page says so, REST answers 503). */
export async function cachedSearchOrUnavailable<D extends ProductDetail = "card">(
  input: SearchInput<D>,
): Promise<SearchPage<ProductOf<D>> | null> {
  try {
    return await cachedSearchProducts(input);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    log.warn({ err: error }, "database unavailable: search page");
    return null;
  }
}

/** Forgets the kept results of one store (its stock reaching or leaving zero), or of every store (catalogue writes). */
export function clearSearchCache(storeId?: string): void {
  if (storeId === undefined) {
    entries.clear();
    return;
  }
  for (const [key, entry] of entries) if (entry.storeId === storeId) entries.delete(key);
}
