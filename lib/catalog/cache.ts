import "server-only";
import { revalidateTag, unstable_cache } from "next/cache";
import { getCategory as getCategoryUncached, listCategories as listCategoriesUncached } from "./categories";
import {
  getProductDetails as getProductDetailsUncached,
  listProductsByCategory as listProductsByCategoryUncached,
  listProductsBySubCategory as listProductsBySubCategoryUncached,
  type SubCategoryListingInput,
} from "./products";
import { announceCacheChange, type CacheChange } from "@/lib/cache-bus";
import { clearStockGate } from "@/lib/orders/stock-gate";
import { clearPages } from "@/lib/page-cache/store";
import { clearProductDetails } from "./details-cache";
import { clearSearchCache } from "./search-cache";
import { invalidateSearchVocabulary } from "./search-vocabulary";
import {
  getSubCategory as getSubCategoryUncached,
  listSubCategories as listSubCategoriesUncached,
  listSubCategoriesOfCategory as listSubCategoriesOfCategoryUncached,
} from "./subcategories";
import type { Category, ListingPage, Product, ProductCard, SubCategory } from "./types";

// Cached catalogue reads for the shop's pages (DESIGN.md rule 6). Same names and signatures as the uncached
// functions in products.ts, subcategories.ts and categories.ts; pages import from here,
// tests and route handlers call the uncached ones (unstable_cache needs Next's request scope).
//
// Product reads are per store (issue 16: a product's stock is its store's): the store id is their first argument, so
// it is part of every cache key, and their entries also carry the store's tags (`store:<storeId>`, and on a product's
// detail `product:<id>@<storeId>`), so a stock change at one store expires that store's entries and no other's.
// Nothing here reads cookies: the caller names the store (a page from the shopper's location, later a `/s/{storeId}`
// path segment).
//
// Tags: every entry carries "catalog" plus its kind ("categories", "subcategories", "products"); a product's
// detail also carries `product:<id>` (every store's page of it). Admin writes call invalidateCatalog, which expires the tags at once
// ({ expire: 0 }): the NEXT request reads the database instead of being served stale data. (revalidateTag with
// "max" would serve one more stale response; updateTag works only in server actions, while this must also
// work from route handlers.) The time limits are a backstop for changes nobody announces, mostly stock.
// Search keeps its result pages in its own small cache (search-cache.ts), which every change here clears.
//
// unstable_cache stores results as JSON: everything here returns plain objects without Dates.
// The cache is per server process (Next's own handler, cache-handler.mjs); every invalidation is announced to the other
// instances over lib/cache-bus (PostgreSQL NOTIFY, or Redis when REDIS_URL is set), which expire the same tags.

export const CATALOG_TAG = "catalog";
export const CATEGORIES_TAG = "categories";
export const SUBCATEGORIES_TAG = "subcategories";
export const PRODUCTS_TAG = "products";
export const productTag = (id: string) => `product:${id}`;
/** Every product entry of one store. */
export const storeTag = (storeId: string) => `store:${storeId}`;
/** One product's page at one store. */
export const storeProductTag = (id: string, storeId: string) => `product:${id}@${storeId}`;

const TAXONOMY_SECONDS = 600;
const PRODUCT_SECONDS = 60;

/** A taxonomy read (categories, sub-categories) kept under `key`, expired with its kind's tag. */
const taxonomy = <A extends unknown[], R>(read: (...args: A) => Promise<R>, key: string, kindTag: string) =>
  unstable_cache((...args: A) => read(...args), [key], {
    tags: [CATALOG_TAG, kindTag],
    revalidate: TAXONOMY_SECONDS,
  });

/** Categories for the home grid and the header, sorted by name ({ id, name, image }). */
export const listCategories: () => Promise<Category[]> = taxonomy(
  listCategoriesUncached,
  "catalog:categories",
  CATEGORIES_TAG,
);

export const getCategory: (id: string) => Promise<Category | null> = taxonomy(
  getCategoryUncached,
  "catalog:category",
  CATEGORIES_TAG,
);

export const listSubCategories: () => Promise<SubCategory[]> = taxonomy(
  listSubCategoriesUncached,
  "catalog:subcategories",
  SUBCATEGORIES_TAG,
);

export const listSubCategoriesOfCategory: (categoryId: string) => Promise<SubCategory[]> = taxonomy(
  listSubCategoriesOfCategoryUncached,
  "catalog:subcategories-of-category",
  SUBCATEGORIES_TAG,
);

export const getSubCategory: (id: string) => Promise<SubCategory | null> = taxonomy(
  getSubCategoryUncached,
  "catalog:subcategory",
  SUBCATEGORIES_TAG,
);

/** The cache tags of a store's product entries (plus `extra`). */
const productTags = (storeId: string, ...extra: string[]) => [
  CATALOG_TAG,
  PRODUCTS_TAG,
  storeTag(storeId),
  ...extra,
];

/** A home-page row (cards) of a store; throws NOT_FOUND for an unknown category (errors are not cached). */
export function listProductsByCategory(storeId: string, categoryId: string): Promise<ProductCard[]> {
  // built per call: the store's tag depends on the argument (the key holds both arguments)
  return unstable_cache(
    () => listProductsByCategoryUncached(storeId, categoryId),
    ["catalog:products-by-category", storeId, categoryId],
    { tags: productTags(storeId), revalidate: PRODUCT_SECONDS },
  )();
}

export type CachedListingInput = Omit<SubCategoryListingInput<"card">, "detail">;

/** The listing grid (cards) of a store, one page; throws NOT_FOUND for an unknown category or sub-category. */
export function listProductsBySubCategory(input: CachedListingInput): Promise<ListingPage<ProductCard>> {
  const args = {
    storeId: input.storeId,
    categoryId: input.categoryId,
    subCategoryId: input.subCategoryId,
    page: input.page,
    limit: input.limit,
    sort: input.sort,
  };
  return unstable_cache(
    () => listProductsBySubCategoryUncached(args),
    ["catalog:products-by-subcategory", JSON.stringify(args)],
    { tags: productTags(input.storeId), revalidate: PRODUCT_SECONDS },
  )();
}

/** The product page at a store; throws NOT_FOUND for a missing or unpublished product. */
export function getProductDetails(productId: string, storeId: string): Promise<Product> {
  // built per call: the per-product tags depend on the arguments
  return unstable_cache(
    () => getProductDetailsUncached(productId, storeId),
    ["catalog:product", productId, storeId],
    {
      tags: productTags(storeId, productTag(productId), storeProductTag(productId, storeId)),
      revalidate: PRODUCT_SECONDS,
    },
  )();
}

export type CatalogChange = "category" | "subcategory" | "product" | "stock" | "all";

/**
 * Call after a catalogue write (server action or route handler, after the commit):
 * - "category", "all": everything (category names appear in sub-categories and products);
 * - "subcategory": sub-categories and all product reads (listings, names on products);
 * - "product" (id optional): all product reads, and that product's page;
 * - "stock" (id required): only that product's page at every store; lists catch up within a minute. A change of
 *   one store's stock should call invalidateStoreStock instead, which leaves the other stores' entries alone.
 *   Call it when stock reaches or leaves 0, not on every sale.
 * Outside a request (a job, a script) the tags go straight to the cache handler where this process has one. Either way
 * the change is announced to every other app instance (lib/cache-bus), which applies it within milliseconds.
 */
export function invalidateCatalog(change: CatalogChange, id?: string | string[]): void {
  const ids = id === undefined ? [] : Array.isArray(id) ? id : [id];
  const tags: string[] = [];
  switch (change) {
    case "category":
    case "all":
      tags.push(CATALOG_TAG);
      break;
    case "subcategory":
      tags.push(SUBCATEGORIES_TAG, PRODUCTS_TAG);
      break;
    case "product":
      tags.push(PRODUCTS_TAG, ...ids.map(productTag));
      break;
    case "stock":
      tags.push(...ids.map(productTag));
      break;
  }
  changeEverywhere({ tags, searchStore: null, vocabulary: change !== "stock" });
}

/**
 * Call after a change of one store's stock (orders taking or returning it, the store's stock screen or import):
 * with product ids, those products' pages at that store (lists catch up within a minute; call it when stock
 * reaches or leaves 0); without, every product entry of that store (a bulk import). Its search results go at once.
 * Other stores' entries stay. `sold`: the change is a sale (stock only went down).
 */
export function invalidateStoreStock(
  storeId: string,
  productIds?: string | string[],
  { sold = false }: { sold?: boolean } = {},
): void {
  const ids = productIds === undefined ? undefined : Array.isArray(productIds) ? productIds : [productIds];
  changeEverywhere({
    tags: ids ? ids.map((id) => storeProductTag(id, storeId)) : [storeTag(storeId)],
    searchStore: storeId,
    ...(sold ? { sold } : {}),
  });
}

/** Applies a change here and announces it to the other app instances (lib/cache-bus). */
function changeEverywhere(change: CacheChange): void {
  applyCacheChange(change);
  void announceCacheChange(change);
}

/** Applies a change in this process: its search results, its kept product details, its stock counters, its cached pages, its vocabulary, its Next cache tags. */
export function applyCacheChange(change: CacheChange): void {
  clearSearchCache(change.searchStore ?? undefined);
  clearProductDetails(change.searchStore ?? undefined);
  // a sale is counted by the gate itself; anything else may have put stock back
  if (!change.sold) clearStockGate(change.searchStore ?? undefined);
  clearPages(change.searchStore ?? undefined);
  if (change.vocabulary) invalidateSearchVocabulary();
  expireTags(change.tags);
}

/** The tag-expiry hook of the app's cache handler (cache-handler.mjs), when this process has one (a Next server). */
const expireTagsHook = () =>
  (globalThis as Record<symbol, ((tags: string[]) => Promise<void>) | undefined>)[
    Symbol.for("kwikmart.cache.expireTags")
  ];

function expireTags(tags: string[]): void {
  if (!tags.length) return;
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch (error) {
    if (!isOutsideRequestScope(error)) throw error;
    // outside a request (another instance's announcement, a job): straight to the cache handler
    void expireTagsHook()?.(tags);
  }
}

function isOutsideRequestScope(error: unknown): boolean {
  return error instanceof Error && error.message.includes("static generation store missing");
}
