import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/components/catalog/site-url";
import { listCategories, listSubCategories } from "@/lib/catalog/cache";
import { listPublishedProductLinks } from "@/lib/catalog/page-queries";
import { listingPath, productPath } from "@/lib/slug";

// Read at request time: the build has no database, and the catalogue changes.
export const dynamic = "force-dynamic";

/** Home, every category (its first sub-category's listing), every sub-category listing and every product. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [categories, subCategories, products] = await Promise.all([
    listCategories(),
    listSubCategories(),
    listPublishedProductLinks(),
  ]);
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const seen = new Set<string>();
  const entries: MetadataRoute.Sitemap = [{ url: absoluteUrl("/"), changeFrequency: "daily", priority: 1 }];

  // sub-categories are sorted by name, so each category's first listing comes first
  for (const sub of subCategories) {
    for (const c of sub.categories) {
      const name = names.get(c.id);
      if (!name) continue;
      const url = absoluteUrl(listingPath({ name, id: c.id }, sub));
      if (seen.has(url)) continue;
      seen.add(url);
      entries.push({ url, changeFrequency: "daily", priority: 0.8 });
    }
  }
  for (const p of products) {
    entries.push({
      url: absoluteUrl(productPath(p.name, p.id)),
      lastModified: p.updatedAt,
      changeFrequency: "weekly",
      priority: 0.6,
    });
  }
  return entries;
}
