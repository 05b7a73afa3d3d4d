"use client";

import { createContext, use, useState, useTransition } from "react";
import { ProductGridSkeleton } from "@/components/product/product-grid";
import { SearchResultsSkeleton } from "./search-results-skeleton";

// Result pages (search, listings) render their first page into the server's HTML, so the first pictures paint with
// the page rather than after a streamed reveal (React holds those back at least 300 ms, a third of a phone's LCP
// budget). When the shopper then changes the results in place (types another search, picks another sort), the
// search box and the sort picker navigate inside this one transition, and the results show their skeletons until the
// new ones arrive.

type ResultsTransition = {
  pending: boolean;
  /** What the results will be for once they arrive (the search term being typed), if the caller said. */
  next: string | undefined;
  start: (navigate: () => void, next?: string) => void;
};

const Context = createContext<ResultsTransition>({ pending: false, next: undefined, start: (navigate) => navigate() });

export function ResultsTransitionProvider({ children }: { children: React.ReactNode }) {
  const [pending, startTransition] = useTransition();
  const [next, setNext] = useState<string | undefined>(undefined);
  const start = (navigate: () => void, upcoming?: string) => {
    setNext(upcoming);
    startTransition(navigate);
  };
  return <Context value={{ pending, next, start }}>{children}</Context>;
}

export const useResultsTransition = () => use(Context);

/** A listing's grid, or its skeleton (one page of cards) while a new sort loads. */
export function PendingListing({ count, children }: { count: number; children: React.ReactNode }) {
  return use(Context).pending ? <ProductGridSkeleton count={count} layout="listing" /> : children;
}

/** Search results, or spec §9's 10 skeletons under the heading of the term being searched while new ones load. */
export function PendingSearch({ term, children }: { term: string; children: React.ReactNode }) {
  const { pending, next } = use(Context);
  return pending ? <SearchResultsSkeleton term={next ?? term} /> : children;
}
