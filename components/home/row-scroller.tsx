"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons-frame";
import { useHydrated } from "@/components/ui/use-hydrated";

/** Spec §9: a row arrow scrolls 200 px. */
export const ROW_SCROLL_STEP = 200;

/**
 * A horizontal row of (server-rendered) cards with left/right arrows on larger screens; phones swipe.
 * An arrow fades out at its end of the row.
 */
export function RowScroller({ label, children }: { label: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const ready = useHydrated();

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setEdges({
      atStart: el.scrollLeft <= 1,
      atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1,
    });
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  const scroll = (direction: -1 | 1) =>
    ref.current?.scrollBy({ left: direction * ROW_SCROLL_STEP, behavior: "smooth" });

  const arrow =
    "absolute top-1/2 z-10 hidden size-10 -translate-y-1/2 items-center justify-center rounded-full border border-line " +
    "bg-white text-ink shadow-lg transition-opacity hover:bg-canvas md:flex";

  return (
    <div className="relative">
      <div
        ref={ref}
        onScroll={measure}
        data-testid="row-scroller"
        data-ready={ready || undefined}
        className="-mx-1 flex gap-3 overflow-x-auto overscroll-x-contain px-1 pb-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {children}
      </div>
      <button
        type="button"
        aria-label={`Scroll ${label} left`}
        onClick={() => scroll(-1)}
        disabled={edges.atStart}
        className={`${arrow} -left-4 ${edges.atStart ? "pointer-events-none opacity-0" : ""}`}
      >
        <ChevronLeftIcon className="size-5" />
      </button>
      <button
        type="button"
        aria-label={`Scroll ${label} right`}
        onClick={() => scroll(1)}
        disabled={edges.atEnd}
        className={`${arrow} -right-4 ${edges.atEnd ? "pointer-events-none opacity-0" : ""}`}
      >
        <ChevronRightIcon className="size-5" />
      </button>
    </div>
  );
}
