import { ProductCardSkeleton } from "./product-card-skeleton";

/** Grid columns: the listing sits beside the sub-category rail, search has the full width. */
export const GRID_COLUMNS = {
  listing: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5",
  search: "grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6",
} as const;
export type GridLayout = keyof typeof GRID_COLUMNS;

export const gridClass = (layout: GridLayout) => `grid gap-2.5 md:gap-3 ${GRID_COLUMNS[layout]}`;

export function ProductGridSkeleton({ count, layout }: { count: number; layout: GridLayout }) {
  return (
    <div role="status" aria-label="Loading products" className={gridClass(layout)}>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
