import "server-only";
import { prisma } from "@/lib/db";
import type { Category } from "./types";

/** The columns of a Category, for every read and write that answers one. */
export const CATEGORY_SELECT = { id: true, name: true, image: true } as const;

/** Every category, sorted by name (decisions.md: everywhere), with only the columns a grid shows. */
export async function listCategories(): Promise<Category[]> {
  return prisma.category.findMany({ select: CATEGORY_SELECT, orderBy: [{ name: "asc" }, { id: "asc" }] });
}

/** One category, or null: the listing page reads its name and checks the URL's id. */
export async function getCategory(id: string): Promise<Category | null> {
  return prisma.category.findUnique({ where: { id }, select: CATEGORY_SELECT });
}
