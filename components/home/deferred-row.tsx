"use client";

import { useEffect, useRef, useState } from "react";
import { callAction, type ServerAction } from "@/components/ui/use-action";
import { ROW_SECTION, RowCardsSkeleton } from "./row-cards";
import { RowHeader, type RowProps } from "./row-header";

type LoadRows = ServerAction<{ categoryIds: string[] }, Record<string, React.ReactNode>>;
type Waiter = { deliver: (node: React.ReactNode) => void; fail: () => void };

// Rows waiting for their cards. A row asks for itself when it comes within 1,200 px of the screen; rows that do so
// together (the first screenful, a fast scroll) share one request. Nothing is fetched for rows nobody scrolls to:
// rendering all twelve at once cost a phone's main thread a second of blocking work right after load.
const waiting = new Map<string, Waiter>();
const wanted = new Set<string>();
let flushScheduled = false;

function fetchRows(load: LoadRows, ids: string[]) {
  const batch = ids.flatMap((id) => {
    const waiter = waiting.get(id);
    waiting.delete(id);
    return waiter ? [[id, waiter] as const] : [];
  });
  if (batch.length === 0) return;
  void callAction(load, { categoryIds: batch.map(([id]) => id) }).then((result) =>
    batch.forEach(([id, w]) => (result.ok ? w.deliver(result.data[id] ?? null) : w.fail())),
  );
}

function requestRow(load: LoadRows, id: string) {
  wanted.add(id);
  if (flushScheduled) return;
  flushScheduled = true;
  // after every observer callback of this frame has run
  setTimeout(() => {
    flushScheduled = false;
    const ids = [...wanted];
    wanted.clear();
    fetchRows(load, ids);
  }, 0);
}

/**
 * A home row whose cards are fetched after the page has loaded (components/home/load-home-rows.tsx): its heading and
 * See All link are in the page from the start; once it comes near the screen, 6 card skeletons hold its place while
 * its cards load (further away, one stand-in card keeps the row's height without the cost of six).
 */
export function DeferredCategoryRow({ load, ...row }: RowProps & { load: LoadRows }) {
  const ref = useRef<HTMLElement>(null);
  const [cards, setCards] = useState<React.ReactNode | undefined>(undefined);
  const [near, setNear] = useState(false);
  const [failed, setFailed] = useState(false);
  const { id } = row;

  useEffect(() => {
    waiting.set(id, { deliver: (node) => setCards(node), fail: () => setFailed(true) });
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setNear(true);
        requestRow(load, id);
      },
      { rootMargin: "1200px 0px" },
    );
    if (ref.current) observer.observe(ref.current);
    return () => {
      observer.disconnect();
      waiting.delete(id);
      wanted.delete(id);
    };
  }, [load, id]);

  if (cards === null) return null;
  return (
    <section
      ref={ref}
      className={ROW_SECTION}
      aria-labelledby={`row-${id}`}
      aria-busy={(cards === undefined && !failed) || undefined}
      data-testid={cards === undefined ? "category-row-skeleton" : "category-row"}
    >
      <RowHeader {...row} />
      {/* If the cards could not be fetched, the heading and its See All link still lead to the products. */}
      {failed ? null : cards === undefined ? <RowCardsSkeleton count={near ? 6 : 1} /> : cards}
    </section>
  );
}
