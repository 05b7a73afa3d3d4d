import "server-only";
import { prisma } from "@/lib/db";
import { listCategories } from "./categories";
import type { CategoryDto } from "./types";

/** One category, or null: the listing page reads its name and checks the URL's id. */
export async function getCategory(id: string): Promise<CategoryDto | null> {
  const row = await prisma.category.findUnique({ where: { id }, select: { id: true, name: true, image: true } });
  return row ? { _id: row.id, name: row.name, image: row.image } : null;
}

/** `GET /api/category/get`: the home grid's list in the contract's shape. */
export async function listCategoriesForApi(): Promise<CategoryDto[]> {
  const rows = await listCategories();
  return rows.map((c) => ({ _id: c.id, name: c.name, image: c.image }));
}
