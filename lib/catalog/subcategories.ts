import "server-only";
import { prisma, Prisma } from "@/lib/db";
import type { Ref, SubCategory } from "./types";

// Sub-categories with the categories they belong to, sorted by name regardless of case (decisions.md:
// sorted by name everywhere). One statement each: the list is small and read on every listing page.

type Row = { id: string; name: string; image: string; category: Ref[] | null };

async function querySubCategories(where: Prisma.Sql): Promise<SubCategory[]> {
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT s.id, s.name, s.image,
           COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY lower(c.name), c.id)
                     FROM "SubCategoryCategory" sc JOIN "Category" c ON c.id = sc."categoryId"
                     WHERE sc."subCategoryId" = s.id), '[]'::json) AS category
    FROM "SubCategory" s
    WHERE ${where}
    ORDER BY lower(s.name), s.id`;
  return rows.map((r) => ({ id: r.id, name: r.name, image: r.image, categories: r.category ?? [] }));
}

/** Every sub-category: `POST /api/subcategory/get` and the admin table. */
export function listSubCategories(): Promise<SubCategory[]> {
  return querySubCategories(Prisma.sql`TRUE`);
}

/** The left column of the listing page: sub-categories of one category. */
export function listSubCategoriesOfCategory(categoryId: string): Promise<SubCategory[]> {
  return querySubCategories(
    Prisma.sql`EXISTS (SELECT 1 FROM "SubCategoryCategory" x
                       WHERE x."subCategoryId" = s.id AND x."categoryId" = ${categoryId})`,
  );
}

/** One sub-category with its categories, or null (the listing page answers 404 or redirects). */
export async function getSubCategory(id: string): Promise<SubCategory | null> {
  const [row] = await querySubCategories(Prisma.sql`s.id = ${id}`);
  return row ?? null;
}
