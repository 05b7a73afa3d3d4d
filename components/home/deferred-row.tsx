"use client";

import { useEffect, useRef, useState } from "react";
import { RowCardsSkeleton } from "./row-cards";
import { RowHeader, type RowProps } from "./row-header";

type LoadRows = (categoryIds: string[]) => Promise<Record<string, React.ReactNode>>;
type Waiter = { deliver: (node: React.ReactNode) => void; fail: () => void };

// Rows waiting for their cards. A row coming near the screen asks for itself at once; at the browser's first
// idle moment one request fetches every row still waiting, so all rows arrive without scrolling.
const waiting = new Map<string, Waiter>();
let idleScheduled = false;

function fetchRows(load: LoadRows, ids: string[]) {
  const batch = ids.flatMap((id) => {
    const waiter = waiting.get(id);
    waiting.delete(id);
    return waiter ? [[id, waiter] as const] : [];
  });
  if (batch.length === 0) return;
  load(batch.map(([id]) => id)).then(
    (rows) => batch.forEach(([id, w]) => w.deliver(rows[id] ?? null)),
    () => batch.forEach(([, w]) => w.fail()),
  );
}

function whenIdle(run: () => void) {
  if (window.requestIdleCallback) window.requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 300);
}

/**
 * A home row whose cards are fetched after the page has loaded (app/(shop)/home-row-action.tsx): its heading and
 * See All link are in the page from the start, and 6 card skeletons hold its place so nothing shifts.
 */
export function DeferredCategoryRow({ load, ...row }: RowProps & { load: LoadRows }) {
  const ref = useRef<HTMLElement>(null);
  const [cards, setCards] = useState<React.ReactNode | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const { id } = row;

  useEffect(() => {
    waiting.set(id, { deliver: (node) => setCards(node), fail: () => setFailed(true) });
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) fetchRows(load, [id]);
      },
      { rootMargin: "1200px 0px" },
    );
    if (ref.current) observer.observe(ref.current);
    if (!idleScheduled) {
      idleScheduled = true;
      whenIdle(() => {
        idleScheduled = false;
        fetchRows(load, [...waiting.keys()]);
      });
    }
    return () => {
      observer.disconnect();
      waiting.delete(id);
    };
  }, [load, id]);

  if (cards === null) return null;
  return (
    <section
      ref={ref}
      aria-labelledby={`row-${id}`}
      aria-busy={(cards === undefined && !failed) || undefined}
      data-testid={cards === undefined ? "category-row-skeleton" : "category-row"}
    >
      <RowHeader {...row} />
      {/* If the cards could not be fetched, the heading and its See All link still lead to the products. */}
      {failed ? null : cards === undefined ? <RowCardsSkeleton /> : cards}
    </section>
  );
}
