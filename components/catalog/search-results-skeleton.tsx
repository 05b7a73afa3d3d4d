import { ProductGridSkeleton } from "@/components/product/product-grid";
import { SEARCH_PAGE_SIZE } from "@/lib/catalog/sorts";

/** What /search shows while results load: the heading of the term and spec §9's 10 card skeletons. */
export function SearchResultsSkeleton({ term }: { term: string }) {
  return (
    <div className="flex flex-col gap-3 md:gap-4" aria-busy="true">
      <div>
        <h1 className="text-base leading-tight font-bold tracking-tight text-ink md:text-xl">
          Showing results for “{term}”
        </h1>
        <p className="mt-1 h-4 w-24 animate-pulse rounded bg-canvas" />
      </div>
      {/* spec §9: 10 skeletons on search */}
      <ProductGridSkeleton count={SEARCH_PAGE_SIZE} layout="search" />
    </div>
  );
}
