import type { Page } from "@playwright/test";

/**
 * The page's cumulative layout shift since it started loading (the sum of shifts not caused by input), read after
 * `settleMs` more of quiet so that late shifts count too.
 */
export async function layoutShift(page: Page, settleMs = 500): Promise<number> {
  return page.evaluate(
    (wait) =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), wait);
      }),
    settleMs,
  );
}
