"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { ProductCard } from "@/components/product/product-card";
import { gridClass, type GridLayout } from "@/components/product/product-grid";
import { SpinnerIcon } from "@/components/ui/icons";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { CardPage, LoadCardPage } from "./product-pages";

/** Spec §9: the sentinel counts as reached at 80 % visibility; loads are at most one per 150 ms. */
const VISIBLE_THRESHOLD = 0.8;
const THROTTLE_MS = 150;
/** Cards above the fold load eagerly. */
const EAGER_CARDS = 4;

export type InfiniteProductGridProps = {
  /** identifies the list in the query cache (source, filters, sort) */
  queryKey: readonly unknown[];
  /** pages 2, 3 …, read where the grid is put on a page (app/(shop)/_catalog) */
  loadPage: LoadCardPage;
  pageSize: number;
  /** page 1, rendered on the server */
  initialPage: CardPage;
  layout: GridLayout;
};

/**
 * A product grid that starts with the server's first page and appends the next pages as the shopper scrolls:
 * an IntersectionObserver watches a sentinel after the last card, and while it stays in view (and a page is
 * left) the next page is fetched through TanStack Query.
 */
export function InfiniteProductGrid({
  queryKey,
  loadPage,
  pageSize,
  initialPage,
  layout,
}: InfiniteProductGridProps) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => loadPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: CardPage) => (last.page < last.totalPage ? last.page + 1 : undefined),
    initialData: { pages: [initialPage], pageParams: [1] },
    staleTime: 60_000,
  });
  const ready = useHydrated();
  const { data, hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;

  // A product can move between pages while the shopper scrolls; show it once.
  const products = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? []).flatMap((p) => p.data).filter((p) => !seen.has(p.id) && !!seen.add(p.id));
  }, [data]);
  const total = data?.pages.at(-1)?.totalCount ?? initialPage.totalCount;

  const sentinel = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver(([entry]) => setInView(!!entry?.isIntersecting), {
      threshold: VISIBLE_THRESHOLD,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage]);

  // Re-checked after every page: when the new cards do not fill the screen the sentinel is still in view.
  const lastLoad = useRef(0);
  useEffect(() => {
    if (!inView || !hasNextPage || isFetchingNextPage || isError) return;
    const wait = Math.max(0, lastLoad.current + THROTTLE_MS - Date.now());
    const timer = setTimeout(() => {
      lastLoad.current = Date.now();
      void fetchNextPage();
    }, wait);
    return () => clearTimeout(timer);
  }, [inView, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  return (
    <div>
      <ul
        className={gridClass(layout)}
        data-testid="product-grid"
        data-ready={ready || undefined}
        aria-label={`${total} ${total === 1 ? "product" : "products"}`}
      >
        {products.map((p, i) => (
          <li key={p.id}>
            <ProductCard product={p} eager={i < EAGER_CARDS} heading="h2" />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-12" />
      <div aria-live="polite" className="flex min-h-10 items-center justify-center pb-6 text-sm text-muted">
        {isFetchingNextPage ? (
          <span role="status" data-testid="grid-loader" className="flex items-center gap-2 font-medium">
            <SpinnerIcon className="size-5 animate-spin text-brand-600" />
            Loading more products…
          </span>
        ) : isError && hasNextPage ? (
          <button
            type="button"
            onClick={() => void fetchNextPage()}
            className="min-h-11 rounded-lg border border-line px-4 py-2 font-semibold text-ink hover:bg-white"
          >
            Could not load more. Try again
          </button>
        ) : !hasNextPage && products.length > pageSize ? (
          <span>You have seen all {total} products</span>
        ) : null}
      </div>
    </div>
  );
}
