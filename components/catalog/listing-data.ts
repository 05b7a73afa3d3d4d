import "server-only";
import { cache } from "react";
import { getCategory, getSubCategory } from "@/lib/catalog/cache";
import type { Category, SubCategory } from "@/lib/catalog/types";
import { idFromSlug, listingPath, slugWithId } from "@/lib/slug";

export type ListingTarget =
  | { kind: "missing" }
  | { kind: "found"; category: Category; subCategory: SubCategory; path: string; canonicalSlugs: boolean };

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * Resolves /{category-slug-id}/{sub-slug-id}: the ids decide; the sub-category must belong to the category.
 * `canonicalSlugs` is false when the ids are right but a name part is not (the page redirects). Shared by the
 * page and its metadata within one request.
 */
export const resolveListing = cache(async (categoryParam: string, subParam: string): Promise<ListingTarget> => {
  const categoryId = idFromSlug(categoryParam);
  const subCategoryId = idFromSlug(subParam);
  if (!categoryId || !subCategoryId) return { kind: "missing" };
  const [category, subCategory] = await Promise.all([getCategory(categoryId), getSubCategory(subCategoryId)]);
  if (!category || !subCategory || !subCategory.categories.some((c) => c.id === category.id)) {
    return { kind: "missing" };
  }
  const cat = { name: category.name, id: category.id };
  const sub = { name: subCategory.name, id: subCategory.id };
  return {
    kind: "found",
    category,
    subCategory,
    path: listingPath(cat, sub),
    canonicalSlugs:
      decode(categoryParam) === slugWithId(cat.name, cat.id) && decode(subParam) === slugWithId(sub.name, sub.id),
  };
});
