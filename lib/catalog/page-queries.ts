import "server-only";
import { unstable_cache } from "next/cache";
import { prisma } from "@/lib/db";
import { CATALOG_TAG, PRODUCTS_TAG } from "./cache";

// Reads the shop's pages need that the catalogue layer does not offer yet (the lead may fold them into
// products.ts / cache.ts).

export type ProductLink = { id: string; name: string; updatedAt: string };

/** Every published product's id, name and last change, for the sitemap (one narrow query, ~5k rows). */
export async function listPublishedProductLinksUncached(): Promise<ProductLink[]> {
  const rows = await prisma.product.findMany({
    where: { published: true },
    select: { id: true, name: true, updatedAt: true },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => ({ id: r.id, name: r.name, updatedAt: r.updatedAt.toISOString() }));
}

export const listPublishedProductLinks: () => Promise<ProductLink[]> = unstable_cache(
  () => listPublishedProductLinksUncached(),
  ["catalog:product-links"],
  { tags: [CATALOG_TAG, PRODUCTS_TAG], revalidate: 3600 },
);
