import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.1 level A and AA rules (axe's tags for them). */
export const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** One line per serious or critical violation: rule, what it wants, and the first few offending elements. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself: the default mode opens an extra page per check to merge frame
  // results, which costs seconds here and buys nothing (the shop has no iframes). Passes are not needed.
  let builder = new AxeBuilder({ page }).withTags(WCAG_21_AA).options({ resultTypes: ["violations"] }).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(" ")}${n.failureSummary ? ` (${n.failureSummary.split("\n").slice(1, 2).join("").trim()})` : ""}`)
        .join("; ");
      return `${v.id} [${v.impact}] ${v.help}: ${v.nodes.length} × ${nodes}`;
    });
}

/**
 * Checks the page as it is now and records a soft failure naming the screen, so one run lists every screen's
 * problems rather than stopping at the first.
 */
export async function expectAccessible(page: Page, screen: string, include?: string) {
  expect.soft(await seriousViolations(page, include), `axe on ${screen}`).toEqual([]);
}
