import { Suspense } from "react";
import { listCategoryLinks } from "@/components/catalog/category-links";
import { CategoryGrid } from "./category-grid";
import { CategoryRow, CategoryRowSkeleton } from "./category-row";

/** The category icon grid, streamed in under its 12 skeletons. */
export async function HomeCategoryGrid() {
  const categories = await listCategoryLinks();
  return <CategoryGrid categories={categories} />;
}

/** One row per category; each row streams on its own under 6 card skeletons. */
export async function HomeCategoryRows() {
  const categories = await listCategoryLinks();
  return (
    <div className="flex flex-col gap-8 md:gap-10">
      {categories.map((c) => (
        <Suspense key={c.id} fallback={<CategoryRowSkeleton id={c.id} name={c.name} href={c.href} />}>
          <CategoryRow id={c.id} name={c.name} href={c.href} />
        </Suspense>
      ))}
    </div>
  );
}

export function HomeCategoryRowsSkeleton() {
  return (
    <div className="flex flex-col gap-8 md:gap-10">
      <CategoryRowSkeleton />
      <CategoryRowSkeleton />
    </div>
  );
}
