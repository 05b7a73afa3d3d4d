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

  return (
    <label
      className={`relative flex h-10 shrink-0 items-center gap-2 rounded-xl border border-line bg-white pr-2 pl-3 text-sm transition-opacity focus-within:border-brand-500 ${
        pending ? "opacity-70" : ""
      }`}
    >
      <SortIcon className="size-4 shrink-0 text-muted" />
      <span className="sr-only">Sort by</span>
      <select
        value={value}
        data-testid="sort-select"
        data-ready={ready || undefined}
        onChange={(e) => {
          const next = e.target.value as ProductSort;
          start(() => router.replace(`${pathname}${sortQuery(next, keep)}`, { scroll: false }));
        }}
        className="h-full w-full max-w-[7.5rem] cursor-pointer appearance-none truncate bg-transparent pr-5 font-semibold text-ink outline-none sm:max-w-none"
      >
        {PRODUCT_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute right-2.5 size-4 text-muted" />
    </label>
  );
}
