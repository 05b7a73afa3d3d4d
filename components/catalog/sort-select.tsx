"use client";

import { usePathname, useRouter } from "next/navigation";
import { PRODUCT_SORTS, type ProductSort } from "@/lib/catalog/sorts";
import { ChevronDownIcon, SortIcon } from "@/components/ui/icons";
import { useResultsTransition } from "./results-transition";
import { useHydrated } from "@/components/ui/use-hydrated";
import { SORT_LABELS, sortQuery } from "./sort-options";

/** The sort picker; the choice lives in `?sort=` so it survives reloads and shared links. */
export function SortSelect({ value, keep = {} }: { value: ProductSort; keep?: Record<string, string> }) {
  const router = useRouter();
  const pathname = usePathname();
  const { pending, start } = useResultsTransition();
  const ready = useHydrated();

  // Below 768 px a 44×44 icon: the native select lies over it, transparent, and opens the phone's own picker; a dot
  // says a sort other than relevance is on. The title beside it keeps the width (issue 21 item 9).
  return (
    <label
      className={`relative flex h-11 shrink-0 items-center gap-2 rounded-xl border border-line bg-white text-sm transition-opacity focus-within:border-brand-500 max-md:w-11 max-md:justify-center md:h-10 md:pr-2 md:pl-3 ${
        pending ? "opacity-70" : ""
      }`}
    >
      <SortIcon className="size-5 shrink-0 text-ink md:size-4 md:text-muted" />
      {value !== "relevance" && (
        <span
          aria-hidden="true"
          className="absolute top-1.5 right-1.5 size-2 rounded-full bg-brand-600 md:hidden"
        />
      )}
      <span className="sr-only">Sort by</span>
      <select
        value={value}
        data-testid="sort-select"
        data-ready={ready || undefined}
        onChange={(e) => {
          const next = e.target.value as ProductSort;
          start(() => router.replace(`${pathname}${sortQuery(next, keep)}`, { scroll: false }));
        }}
        className="h-full cursor-pointer appearance-none truncate bg-transparent font-semibold text-ink outline-none max-md:absolute max-md:-top-px max-md:-left-px max-md:size-11 max-md:opacity-0 md:w-full md:pr-5"
      >
        {PRODUCT_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute right-2.5 hidden size-4 text-muted md:block" />
    </label>
  );
}
