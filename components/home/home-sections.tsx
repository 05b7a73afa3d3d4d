import { Suspense } from "react";
import { loadHomeRows } from "./load-home-rows";
import { listCategoryLinks } from "@/components/catalog/category-links";
import { CategoryGrid } from "./category-grid";
import { CategoryRow, CategoryRowSkeleton } from "./category-row";
import { DeferredCategoryRow } from "./deferred-row";

/** Rows rendered with the page; the rest arrive after it (the whole home page was 1.4 MB with all 15 rows). */
export const EAGER_ROWS = 1;

/** The category icon grid, streamed in under its 12 skeletons. */
export async function HomeCategoryGrid() {
  const categories = await listCategoryLinks();
  return <CategoryGrid categories={categories} />;
}

/**
 * One row per category with the store's stock: the first few stream with the page under 6 card skeletons each, the
 * others load after (loadHomeRows, for the shopper's store).
 */
export async function HomeCategoryRows({ storeId }: { storeId: string }) {
  const categories = await listCategoryLinks();
  return (
    <div className="flex flex-col gap-8 md:gap-10">
      {categories.map((c, i) =>
        i < EAGER_ROWS ? (
          <Suspense key={c.id} fallback={<CategoryRowSkeleton id={c.id} name={c.name} href={c.href} />}>
            <CategoryRow id={c.id} name={c.name} href={c.href} storeId={storeId} />
          </Suspense>
        ) : (
          <DeferredCategoryRow key={c.id} id={c.id} name={c.name} href={c.href} load={loadHomeRows} />
        ),
      )}
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
