"use server";

import { CategoryRowCards } from "@/components/home/category-row";
import { listCategoryLinks } from "@/components/catalog/category-links";

const MAX_ROWS = 50;

/**
 * The cards of some home rows, rendered on the server and sent as React elements: the home page renders its first
 * rows itself and fetches the others through this when they near the screen or the browser is idle. Only known
 * categories are rendered; an unknown id, like an empty category, maps to null.
 */
export async function loadHomeRows(categoryIds: unknown): Promise<Record<string, React.ReactNode>> {
  if (!Array.isArray(categoryIds)) return {};
  const wanted = new Set(categoryIds.slice(0, MAX_ROWS).filter((id): id is string => typeof id === "string"));
  const rows: Record<string, React.ReactNode> = {};
  for (const category of await listCategoryLinks()) {
    if (wanted.has(category.id))
      rows[category.id] = <CategoryRowCards id={category.id} name={category.name} />;
  }
  return rows;
}
