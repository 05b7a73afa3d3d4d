import "server-only";
import { listCategories, listSubCategories } from "@/lib/catalog/cache";
import { listingPath } from "@/lib/slug";

export type CategoryLink = { id: string; name: string; image: string; href: string };

/**
 * Categories (sorted by name) each with the URL of its first sub-category's listing (sub-categories are sorted
 * by name too). A category with no sub-category yet falls back to a search for its name.
 */
export async function listCategoryLinks(): Promise<CategoryLink[]> {
  const [categories, subCategories] = await Promise.all([listCategories(), listSubCategories()]);
  const first = new Map<string, { name: string; id: string }>();
  for (const sub of subCategories) {
    for (const c of sub.categories) {
      if (!first.has(c.id)) first.set(c.id, { name: sub.name, id: sub.id });
    }
  }
  return categories.map((c) => {
    const sub = first.get(c.id);
    return {
      id: c.id,
      name: c.name,
      image: c.image,
      href: sub ? listingPath(c, sub) : `/search?q=${encodeURIComponent(c.name)}`,
    };
  });
}
