"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { lazy, Suspense } from "react";
import { ArrowLeftIcon, SearchIcon } from "@/components/ui/icons-frame";
import { SEARCH_PLACEHOLDER } from "./search-prompts";
import { useReducedMotion } from "./use-reduced-motion";
import { useTypingPrompt } from "./use-typing-prompt";

// The live input exists only on /search; other pages never download it.
const SearchInput = lazy(() => import("./search-input").then((m) => ({ default: m.SearchInput })));

const box =
  // a ring, not a border: the link or input inside keeps the whole 44 px height as its target (issue 21 item 5)
  "group flex h-11 w-full min-w-[300px] items-center rounded-xl bg-canvas text-sm ring-1 ring-line ring-inset " +
  "transition-colors focus-within:bg-white focus-within:ring-brand-500 lg:w-[420px]";

/** Spec §2 Search bar: a typing prompt that links to /search everywhere else; a live input on /search. */
export function SearchBar() {
  const onSearchPage = usePathname() === "/search";

  return (
    <div data-testid="search-bar" data-mode={onSearchPage ? "input" : "prompt"} className={box}>
      {onSearchPage ? (
        <>
          {/* Below 768 px a back arrow replaces the search icon. */}
          <Link
            href="/"
            aria-label="Back to home"
            className="flex h-full w-11 shrink-0 items-center justify-center rounded-l-xl text-ink md:hidden"
          >
            <ArrowLeftIcon className="size-5" />
          </Link>
          <span className="hidden w-11 shrink-0 justify-center text-muted md:flex">
            <SearchIcon className="size-5" />
          </span>
          <Suspense fallback={<span className="truncate pr-3 text-muted">{SEARCH_PLACEHOLDER}</span>}>
            <SearchInput />
          </Suspense>
        </>
      ) : (
        <SearchPrompt />
      )}
    </div>
  );
}

function SearchPrompt() {
  const reducedMotion = useReducedMotion();
  const text = useTypingPrompt(!reducedMotion);

  return (
    // Named by its hidden text, not aria-label: the visible prompt keeps changing, and a label that differs from
    // what is shown confuses speech input (WCAG 2.5.3); the prompt itself is hidden from screen readers.
    <Link href="/search" className="flex h-full w-full items-center rounded-xl text-muted">
      <span className="flex w-11 shrink-0 justify-center">
        <SearchIcon className="size-5" />
      </span>
      <span className="sr-only">Search products</span>
      <span aria-hidden="true" className="truncate pr-3">
        <span data-testid="search-prompt">{text}</span>
        {!reducedMotion && <span className="ml-px inline-block animate-caret text-brand-600">|</span>}
      </span>
    </Link>
  );
}
