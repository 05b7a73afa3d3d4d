"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { SEARCH_PLACEHOLDER } from "./search-prompts";

/** The /search input: starts from `q`, and every change replaces the URL with the current text. */
export function SearchInput() {
  const router = useRouter();
  const searchParams = useSearchParams();
  // Local state keeps typing smooth; the URL follows it rather than drives it.
  const [value, setValue] = useState(() => searchParams.get("q") ?? "");

  return (
    <input
      type="search"
      name="q"
      value={value}
      onChange={(e) => {
        const next = e.target.value;
        setValue(next);
        router.replace(`/search?q=${encodeURIComponent(next)}`, { scroll: false });
      }}
      placeholder={SEARCH_PLACEHOLDER}
      aria-label="Search products"
      autoFocus
      // Put the caret after the pre-filled text, ready to keep typing.
      onFocus={(e) => {
        const end = e.currentTarget.value.length;
        e.currentTarget.setSelectionRange(end, end);
      }}
      autoComplete="off"
      enterKeyHint="search"
      className="h-full w-full min-w-0 rounded-r-xl bg-transparent pr-3 text-ink outline-none placeholder:text-muted [&::-webkit-search-cancel-button]:appearance-none"
    />
  );
}
