import "server-only";
import { prisma } from "@/lib/db";

export type CategorySummary = { id: string; name: string; image: string };

/** Every category, sorted by name (decisions.md: everywhere), with only the columns a grid shows. */
export async function listCategories(): Promise<CategorySummary[]> {
  return prisma.category.findMany({
    select: { id: true, name: true, image: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
