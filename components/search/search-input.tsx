"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useResultsTransition } from "@/components/catalog/results-transition";
import { SEARCH_PLACEHOLDER } from "./search-prompts";

/** The /search input: starts from `q`, and every change replaces the URL with the current text. */
export function SearchInput() {
  const router = useRouter();
  const searchParams = useSearchParams();
  const input = useRef<HTMLInputElement>(null);
  // Local state keeps typing smooth; the URL follows it rather than drives it.
  const [value, setValue] = useState(() => searchParams.get("q") ?? "");
  const results = useResultsTransition();

  const change = (next: string) => {
    setValue(next);
    // the results below show skeletons for `next` until its page arrives
    results.start(() => router.replace(`/search?q=${encodeURIComponent(next)}`, { scroll: false }), next.trim());
  };

  // The server's HTML is already focused (autofocus), so a quick shopper can type before React hydrates; React keeps
  // those characters in the box but sends no change event for them. Adopt them once, on mount.
  useEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed !== value) change(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the first render's value
  }, []);

  return (
    <input
      ref={input}
      type="search"
      name="q"
      value={value}
      onChange={(e) => change(e.target.value)}
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
