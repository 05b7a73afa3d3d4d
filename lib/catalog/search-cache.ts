import "server-only";
import { isDatabaseUnavailable } from "@/lib/db";
import { log } from "@/lib/log";
import { SEARCH_PAGE_SIZE, type ProductSort } from "./params";
import { rankSearch, searchProducts, sortReadsStock } from "./search";
import { redisRankings } from "./search-cache-redis";
import { tokenize } from "./search-terms";
import { clampPaging, queryProductsByIds } from "./sql";
import type { ProductDetail, ProductOf, SearchPage } from "./types";

// Two layers keep search fast at 100,000+ products, where a broad word ("milk") matches ~6,000 of them and ranking
// them all takes the database 25–35 ms.
//
// 1. Rankings (issue 19 item 7). A search's whole order is computed once per (words, store, sort) and kept as the
//    ordered ids of its first RANKING_CAP matches with the number of matches; every page of it, for every shopper,
//    is then a slice of those ids and one primary-key read of that page's products with the store's live stock
//    (~1 ms), instead of ranking all matches again for each page. Kept for 60 s, in this process by default or in
//    Redis when REDIS_URL is set (search-cache-redis.ts), where every app instance reads and writes the same
//    rankings. Pages past the kept ids (page × limit > 10,000, deep in the broadest words) are read by the full
//    statement, as before. The price sorts do not read stock, so one ranking serves every store.
//
// 2. Result pages of recent searches, kept for 30 s in this server process: the page of results is the same for
//    everyone, and a quick-commerce shop's searches are few and repeated ("milk", "bread", "atta").
//
// Fresh enough: every catalogue write and every product selling out or coming back (invalidateCatalog,
// invalidateStoreStock, which orders call) clears both at once on every instance (lib/cache-bus carries the change to
// the others, which call clearSearchCache too): the pages by emptying them, the rankings by raising a version number
// that is part of their key. In Redis each instance raises the shared version as it applies the change (a few
// redundant raises), so an instance that hears of a change before the first raise has landed still never reads a
// ranking older than it. A ranking records the version it started under, so one computed across a change is never
// served after it. Other stock changes show within 30 s, as on the
// listings (60 s); they never move a product in the order ("in stock first" only changes at zero). The product page,
// the cart and checkout always read live stock. Concurrent identical searches share one database read; a failed
// search is not kept. Bounded: the least recently used pages go beyond 1,000, rankings beyond 500,000 ids in all.
//
// Results are per store (their stock and order are that store's): the store id is part of every key, and a stock
// change at one store clears only that store's entries (clearSearchCache(storeId)).

const TTL_MS = 30_000;
const MAX_ENTRIES = 1_000;
const RANKING_TTL_MS = 60_000;
/** Ids kept per ranking: 1,000 pages of 10, all of `milk` (6,258 matches at 105,200 products). */
export const RANKING_CAP = 10_000;
const MAX_KEPT_IDS = 500_000;

type Entry = { storeId: string; expires: number; page: Promise<SearchPage<unknown>> };
const entries = new Map<string, Entry>();

type SearchInput<D extends ProductDetail> = Parameters<typeof searchProducts<D>>[0];

// --- Rankings ---------------------------------------------------------------------------------------------------

/** A search's order: how many products match, and the ids of the first RANKING_CAP of them in order. */
export type Ranking = { total: number; ids: string[] };
/** Part of a kept ranking: its total, how many ids it keeps, and the ids asked for. */
export type RankingSlice = { total: number; kept: number; ids: string[] };

/** Where rankings are kept: this process (memoryRankings) or Redis, shared by every instance (redisRankings). */
export interface RankingStore {
  /**
   * The version a ranking made now belongs to, read before ranking: catalogue changes raise it for every ranking,
   * stock changes of one store for that store's (`storeId`; null for rankings that read no stock). Null when the
   * store cannot be reached (the search then runs without it).
   */
  version(storeId: string | null): Promise<string | null>;
  /** The ids [offset, offset + limit) of the ranking kept under `key`; null when none is. */
  slice(key: string, offset: number, limit: number): Promise<RankingSlice | null>;
  keep(key: string, storeId: string | null, ranking: Ranking, ttlMs: number): Promise<void>;
  /** Every kept ranking of one store (null: of every store) is out of date from now on. */
  bump(storeId: string | null): void;
  close?(): Promise<void>;
}

/** A page of a ranking, or "deep" when it reaches past the kept ids while more match (the full statement reads it). */
function rankingPage({ total, kept, ids }: RankingSlice, offset: number, limit: number) {
  if (offset >= total) return { total, ids: [] };
  if (offset + limit > kept && kept < total) return "deep" as const;
  return { total, ids };
}

/** Rankings in this process: least recently used out first beyond MAX_KEPT_IDS ids in all. */
export function memoryRankings(maxIds = MAX_KEPT_IDS): RankingStore {
  let catalogue = 0;
  const stores = new Map<string, number>();
  const kept = new Map<string, { storeId: string | null; expires: number; ranking: Ranking }>();
  let keptIds = 0;
  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    keptIds -= entry.ranking.ids.length;
  };
  return {
    async version(storeId) {
      return storeId === null ? `${catalogue}` : `${catalogue}.${stores.get(storeId) ?? 0}`;
    },
    async slice(key, offset, limit) {
      const entry = kept.get(key);
      if (!entry) return null;
      if (entry.expires <= Date.now()) {
        drop(key);
        return null;
      }
      kept.delete(key); // most recently used goes last
      kept.set(key, entry);
      const { total, ids } = entry.ranking;
      return { total, kept: ids.length, ids: ids.slice(offset, offset + limit) };
    },
    async keep(key, storeId, ranking, ttlMs) {
      drop(key);
      kept.set(key, { storeId, expires: Date.now() + ttlMs, ranking });
      keptIds += ranking.ids.length;
      while (keptIds > maxIds && kept.size > 1) drop(kept.keys().next().value!);
    },
    bump(storeId) {
      if (storeId === null) {
        catalogue++;
        kept.clear();
        keptIds = 0;
        return;
      }
      stores.set(storeId, (stores.get(storeId) ?? 0) + 1);
      for (const [key, entry] of kept) if (entry.storeId === storeId) drop(key);
    },
  };
}

const globalRankings = globalThis as unknown as { kwikmartRankings?: { url: string | null; store: RankingStore } };

/** This process's ranking store: Redis when REDIS_URL is set, else memory (re-chosen when REDIS_URL changes). */
export function rankingStore(): RankingStore {
  const url = process.env.REDIS_URL?.trim() || null;
  let current = globalRankings.kwikmartRankings;
  if (!current || current.url !== url) {
    void current?.store.close?.();
    current = { url, store: url ? redisRankings(url, RANKING_TTL_MS) : memoryRankings() };
    globalRankings.kwikmartRankings = current;
  }
  return current.store;
}

const ranking = new Map<string, Promise<Ranking>>();

/** The key of a ranking: its version, whose stock it read (none for the price sorts), its sort and its words. */
const rankingKey = (version: string, storeId: string | null, sort: ProductSort, words: string[]) =>
  JSON.stringify([version, storeId, sort, words]);

/**
 * searchProducts through a kept ranking: same input, same answer. A page of a ranking kept under the current
 * version is cut from its ids; otherwise the search is ranked once (concurrent identical ones share it) and kept.
 */
export async function rankedSearchProducts<D extends ProductDetail = "card">(
  input: SearchInput<D>,
  cap = RANKING_CAP,
): Promise<SearchPage<ProductOf<D>>> {
  const detail = (input.detail ?? "card") as D;
  const sort = input.sort ?? "relevance";
  const { page, limit, offset } = clampPaging(input.page, input.limit, SEARCH_PAGE_SIZE);
  const words = tokenize(input.q);
  if (words.length === 0) return { data: [], totalCount: 0, totalPage: 0, page, limit };

  const scope = sortReadsStock(sort) ? input.storeId : null;
  const store = rankingStore();
  const version = await store.version(scope);
  if (version === null) return searchProducts(input); // the shared store is down: rank this page alone
  const key = rankingKey(version, scope, sort, words);
  let slice = await store.slice(key, offset, limit);
  if (!slice) {
    let pending = ranking.get(key);
    if (!pending) {
      pending = rankSearch({ storeId: input.storeId, q: input.q, sort, cap })
        .then(async (ranked) => {
          await store.keep(key, scope, ranked, RANKING_TTL_MS);
          return ranked;
        })
        .finally(() => ranking.delete(key));
      ranking.set(key, pending);
    }
    const { total, ids } = await pending;
    slice = { total, kept: ids.length, ids: ids.slice(offset, offset + limit) };
  }
  const cut = rankingPage(slice, offset, limit);
  if (cut === "deep") return searchProducts(input);
  const data = await queryProductsByIds(input.storeId, cut.ids, detail);
  return { data, totalCount: cut.total, totalPage: Math.ceil(cut.total / limit), page, limit };
}

// --- Result pages -----------------------------------------------------------------------------------------------

/** searchProducts through the caches; same input, same answer. */
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

  const page = rankedSearchProducts(input);
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

/**
 * Forgets the kept results and rankings of one store (its stock reaching or leaving zero), or of every store
 * (catalogue writes); with REDIS_URL, the rankings on every instance.
 */
export function clearSearchCache(storeId?: string): void {
  rankingStore().bump(storeId ?? null);
  if (storeId === undefined) {
    entries.clear();
    return;
  }
  for (const [key, entry] of entries) if (entry.storeId === storeId) entries.delete(key);
}
