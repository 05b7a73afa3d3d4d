import { Suspense } from "react";
import { loadHomeRows } from "./load-home-rows";
import { listCategoryLinks } from "@/components/catalog/category-links";
import { CategoryGrid } from "./category-grid";
import { CategoryRow, CategoryRowSkeleton } from "./category-row";
import { DeferredCategoryRow } from "./deferred-row";

/** Rows rendered with the page; the rest arrive after it (the whole home page was 1.4 MB with all 15 rows). */
export const EAGER_ROWS = 1;

/** The banner and the delivery-partner card come after this many product rows (issue 21 item 1). */
export const ROWS_BEFORE_BANNER = 2;

/**
 * The category icon grid, in the page's first paint: not streamed under a Suspense boundary, whose content React
 * reveals up to 300 ms after the first paint (its throttled reveal), which made these tiles a phone's largest paint
 * that late (home LCP 3.0-3.4 s in Lighthouse's simulation, issue 19 item 4). The names are cached (lib/catalog/cache).
 */
export async function HomeCategoryGrid() {
  const categories = await listCategoryLinks();
  return <CategoryGrid categories={categories} />;
}

/**
 * One row per category with the store's stock: the first few stream with the page under 6 card skeletons each, the
 * others load after (loadHomeRows, for the shopper's store).
 */
export async function HomeCategoryRows({ storeId, between }: { storeId: string; between?: React.ReactNode }) {
  const categories = await listCategoryLinks();
  const rows = categories.map((c, i) =>
    i < EAGER_ROWS ? (
      <Suspense key={c.id} fallback={<CategoryRowSkeleton id={c.id} name={c.name} href={c.href} />}>
        <CategoryRow id={c.id} name={c.name} href={c.href} storeId={storeId} />
      </Suspense>
    ) : (
      // its own boundary: cards arriving later may suspend (a client chunk still loading), and the page's boundary
      // would then hide every row, and the banner and partner card between them, taking focus from their buttons
      <Suspense key={c.id} fallback={<CategoryRowSkeleton id={c.id} name={c.name} href={c.href} />}>
        <DeferredCategoryRow id={c.id} name={c.name} href={c.href} load={loadHomeRows} />
      </Suspense>
    ),
  );
  return (
    <div className="flex flex-col gap-6 md:gap-8">
      {rows.slice(0, ROWS_BEFORE_BANNER)}
      {between}
      {rows.slice(ROWS_BEFORE_BANNER)}
    </div>
  );
}

export function HomeCategoryRowsSkeleton() {
  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <CategoryRowSkeleton />
      <CategoryRowSkeleton />
    </div>
  );
}
