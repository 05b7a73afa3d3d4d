import "server-only";
import { cache } from "react";
import { getProductDetails, listSubCategoriesOfCategory } from "@/lib/catalog/cache";
import type { Product } from "@/lib/catalog/types";
import { isAppError } from "@/lib/errors";
import { listingPath } from "@/lib/slug";

/**
 * A published product with the store's stock, or null (unknown or unpublished); one read per request for the page
 * and its metadata.
 */
export const loadProduct = cache(async (id: string, storeId: string): Promise<Product | null> => {
  try {
    return await getProductDetails(id, storeId);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") return null;
    throw error;
  }
});

export type Crumb = { name: string; href: string };

/**
 * Breadcrumb links for a product: its first category (to that category's first listing) and the first of its
 * sub-categories that belongs to that category (to that listing).
 */
export async function productCrumbs(product: Product): Promise<Crumb[]> {
  const category = product.categories[0];
  if (!category) return [];
  const subs = await listSubCategoriesOfCategory(category.id);
  const cat = { name: category.name, id: category.id };
  const crumbs: Crumb[] = [];
  const first = subs[0];
  if (first) crumbs.push({ name: category.name, href: listingPath(cat, first) });
  const own = product.subCategories.find((s) => subs.some((x) => x.id === s.id));
  if (own) crumbs.push({ name: own.name, href: listingPath(cat, own) });
  return crumbs;
}
