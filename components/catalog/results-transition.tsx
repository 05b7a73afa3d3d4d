"use client";

import { createContext, use, useState, useTransition } from "react";

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
// The skeletons that show while results change are in ./results-pending.tsx, so the shop's frame (which holds this
// provider on every page) does not carry them into the first load of pages without results.
