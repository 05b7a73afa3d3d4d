import { expect, type Locator, type Page } from "@playwright/test";

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement, undefined, { timeout: 10_000 });

/** A short description of the focused element, for failure messages. */
export const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "<body>";
    const name = el.getAttribute("aria-label") ?? (el as HTMLElement).innerText?.trim().slice(0, 40) ?? "";
    return `<${el.tagName.toLowerCase()}> ${name}`;
  });

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, as a keyboard user would; fails if it takes more
 * than `max` presses. Returns how many presses it took.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${max} presses of ${back ? "Shift+Tab" : "Tab"} never reached ${target}; focus is on ${await describeFocus(page)}`);
}

/**
 * Tabs forward and then back through more stops than `dialog` has, checking that focus never leaves it, then
 * closes it with Escape and checks focus went back to `opener`.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, opener: Locator) {
  await expect(dialog).toBeVisible();
  const inside = () => dialog.evaluate((d) => d.contains(document.activeElement) && document.activeElement !== d);
  expect(await inside(), `focus moves into the dialog (it is on ${await describeFocus(page)})`).toBe(true);
  const stops = await dialog.evaluate(
    (d) =>
      d.querySelectorAll("a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex='0']")
        .length,
  );
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press(key);
      expect(await inside(), `after ${i + 1} × ${key} focus is still in the dialog, not on ${await describeFocus(page)}`).toBe(true);
    }
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/**
 * Walks the page with Tab for up to `stops` stops and returns how many it walked and the stops whose
 * look does not change at all when they gain focus (outline, ring, border, background, colour or underline, on them
 * or their box).
 * Best run with reduced motion, so colour transitions finish at once.
 */
export async function stopsWithoutVisibleFocus(
  page: Page,
  stops: number,
): Promise<{ walked: number; missing: string[] }> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const missing: string[] = [];
  let previous: { label: string; focused: string } | null = null;
  let walked = 0;
  // Tab runs on from where focus was (an autofocused field sits mid-page), past the end of the page to the top:
  // the end is skipped, and the walk goes on until `stops` stops have been seen.
  for (let presses = 0; walked < stops && presses < stops * 2 + 2; presses++) {
    await page.keyboard.press("Tab");
    const now = await page.evaluate(() => {
      const w = window as unknown as { __kwPrevious?: Element };
      const look = (e: Element) => {
        const s = getComputedStyle(e);
        const p = e.parentElement ? getComputedStyle(e.parentElement) : null;
        return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor, s.color,
          s.textDecorationLine, p?.borderColor, p?.boxShadow, p?.backgroundColor, p?.outlineStyle].join("|");
      };
      const el = document.activeElement;
      const prev = w.__kwPrevious;
      const previousUnfocused = prev && prev !== el && prev.isConnected ? look(prev) : null;
      if (!el || el === document.body) return { done: true as const, previousUnfocused };
      w.__kwPrevious = el;
      const name = el.getAttribute("aria-label") ?? (el as HTMLElement).innerText?.trim().slice(0, 40) ?? "";
      return { done: false as const, previousUnfocused, focused: look(el), label: `<${el.tagName.toLowerCase()}> ${name}` };
    });
    if (previous && now.previousUnfocused !== null && now.previousUnfocused === previous.focused)
      missing.push(previous.label);
    if (now.done) {
      previous = null;
      continue;
    }
    walked++;
    previous = { label: now.label, focused: now.focused };
  }
  return { walked, missing };
}
