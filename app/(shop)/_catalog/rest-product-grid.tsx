"use client";

import { fromRestProductCard, type RestProductCard } from "@/app/api/_rest/catalog";
import {
  InfiniteProductGrid,
  type InfiniteProductGridProps,
} from "@/components/catalog/infinite-product-grid";
import type { CardPage } from "@/components/catalog/product-pages";
import { QueryProvider } from "@/components/ui/query-provider";

// The shop's own infinite grids page through the REST listing and search (so their paging is the contract's, and
// the calls are what any client sees); the answers are read back into the catalogue's words here, at the edge,
// with the translator beside the route handlers.

export const ENDPOINTS = {
  listing: "/api/product/get-product-by-category-and-subcategory",
  search: "/api/product/search-product",
} as const;

type RestPage = {
  data?: RestProductCard[];
  page?: number;
  limit?: number;
  totalCount?: number;
  totalPage?: number;
  message?: string;
};

/** POSTs one page to a catalogue endpoint; throws with the server's message on failure. */
async function fetchCardPage(
  endpoint: string,
  body: Record<string, unknown>,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<CardPage> {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...body, page, limit }),
    signal,
  });
  const json = (await response.json().catch(() => ({}))) as RestPage;
  if (!response.ok) throw new Error(json.message ?? "Could not load more products");
  const totalCount = json.totalCount ?? 0;
  return {
    data: (json.data ?? []).map(fromRestProductCard),
    page: json.page ?? page,
    totalCount,
    totalPage: json.totalPage ?? Math.ceil(totalCount / Math.max(json.limit ?? limit, 1)),
  };
}

/** InfiniteProductGrid whose later pages come from a REST endpoint with `body` (without page and limit). */
export function RestProductGrid({
  source,
  body,
  ...grid
}: Omit<InfiniteProductGridProps, "loadPage"> & {
  source: keyof typeof ENDPOINTS;
  body: Record<string, unknown>;
}) {
  return (
    <QueryProvider>
      <InfiniteProductGrid
        {...grid}
        loadPage={(page, signal) => fetchCardPage(ENDPOINTS[source], body, page, grid.pageSize, signal)}
      />
    </QueryProvider>
  );
}
