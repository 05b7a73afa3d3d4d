import "server-only";
import { log } from "@/lib/log";
import { prisma } from "@/lib/db";
import { deleteCatalogImage, isStoredCatalogImage } from "@/lib/media/uploads";

/**
 * After a commit that dropped image URLs (an image replaced, a category deleted …): deletes the uploaded files
 * nothing refers to any more. A URL still used by a category, sub-category, product or a past order's line is
 * kept; the demo catalogue's art and foreign URLs are never touched. Best effort: it never throws.
 */
export async function releaseImages(urls: Iterable<string>): Promise<void> {
  const candidates = [...new Set(urls)].filter(isStoredCatalogImage);
  if (!candidates.length) return;
  try {
    const [categories, subCategories, products, lines] = await Promise.all([
      prisma.category.findMany({ where: { image: { in: candidates } }, select: { image: true } }),
      prisma.subCategory.findMany({ where: { image: { in: candidates } }, select: { image: true } }),
      prisma.product.findMany({ where: { images: { hasSome: candidates } }, select: { images: true } }),
      prisma.orderLine.findMany({ where: { image: { in: candidates } }, select: { image: true }, distinct: ["image"] }),
    ]);
    const used = new Set<string>([
      ...categories.map((c) => c.image),
      ...subCategories.map((s) => s.image),
      ...products.flatMap((p) => p.images),
      ...lines.map((l) => l.image),
    ]);
    await Promise.all(candidates.filter((url) => !used.has(url)).map((url) => deleteCatalogImage(url)));
  } catch (error) {
    log.error({ err: error }, "releasing unused catalogue images failed");
  }
}
