"use client";

import { ProductGridSkeleton } from "@/components/product/product-grid";
import { useResultsTransition } from "./results-transition";
import { SearchResultsSkeleton } from "./search-results-skeleton";

// The result pages' side of ./results-transition.tsx: their results, or skeletons while new ones load.

/** A listing's grid, or its skeleton (one page of cards) while a new sort loads. */
export function PendingListing({ count, children }: { count: number; children: React.ReactNode }) {
  return useResultsTransition().pending ? <ProductGridSkeleton count={count} layout="listing" /> : children;
}

/** Search results, or spec §9's 10 skeletons under the heading of the term being searched while new ones load. */
export function PendingSearch({ term, children }: { term: string; children: React.ReactNode }) {
  const { pending, next } = useResultsTransition();
  return pending ? <SearchResultsSkeleton term={next ?? term} /> : children;
}
