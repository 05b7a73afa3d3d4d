import { expect, type Locator, type Page } from "@playwright/test";

/** The home page: category grid, the partner call-to-action and one product row per category. */
export class HomePage {
  readonly categoryGrid: Locator;
  readonly categoryTiles: Locator;
  readonly rows: Locator;
  readonly partnerButton: Locator;

  constructor(readonly page: Page) {
    this.categoryGrid = page.getByTestId("category-grid");
    this.categoryTiles = this.categoryGrid.getByRole("link");
    this.rows = page.getByTestId("category-row");
    this.partnerButton = page.getByRole("button", { name: "Register now" });
  }

  /** Opens the home page and waits until React has hydrated it (clicks before that would be lost). */
  async goto() {
    await this.page.goto("/");
    await expect(this.partnerButton).toHaveAttribute("data-ready", "true");
  }

  /** Every row, loaded or still waiting for its cards. */
  allRows(): Locator {
    return this.page.locator('[data-testid="category-row"], [data-testid="category-row-skeleton"]');
  }

  /** Brings each row into view in turn, as a shopper scrolling down would: rows below the first fetch their cards
   * only when they come near the screen. */
  async scrollThroughRows() {
    // re-counted at each step: a row whose category turns out to have no products removes itself once loaded
    for (let i = 0; i < (await this.allRows().count()); i++) {
      const row = this.allRows().nth(i);
      if (await row.count()) await row.scrollIntoViewIfNeeded();
    }
  }

  /** Brings a row near the screen so its cards load. */
  async showRow(category: string) {
    await this.row(category).scrollIntoViewIfNeeded();
  }

  /** A category's product row, found by its heading. */
  row(category: string): Locator {
    return this.page.getByRole("region", { name: category, exact: true });
  }

  scroller(category: string): Locator {
    return this.row(category).getByTestId("row-scroller");
  }

  /** Waits until a row has streamed in and its arrows work. */
  async rowReady(category: string) {
    await this.showRow(category);
    await expect(this.scroller(category)).toHaveAttribute("data-ready", "true");
  }

  rightArrow(category: string): Locator {
    return this.row(category).getByRole("button", { name: `Scroll ${category} right` });
  }

  leftArrow(category: string): Locator {
    return this.row(category).getByRole("button", { name: `Scroll ${category} left` });
  }

  seeAll(category: string): Locator {
    return this.row(category).getByRole("link", { name: /See All/ });
  }

  scrollLeftOf(category: string): Promise<number> {
    return this.scroller(category).evaluate((el) => el.scrollLeft);
  }
}
