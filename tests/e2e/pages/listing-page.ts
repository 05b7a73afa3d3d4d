import { expect, type Locator, type Page } from "@playwright/test";

/** The sub-category listing: sub-category rail, heading, sort select and the infinite product grid. */
export class ListingPage {
  readonly heading: Locator;
  readonly cards: Locator;
  readonly sortSelect: Locator;
  readonly subCategoryNav: Locator;
  readonly loader: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.cards = page.getByTestId("product-grid").getByTestId("product-card");
    this.sortSelect = page.getByTestId("sort-select");
    this.subCategoryNav = page.getByRole("navigation", { name: /sub-categories/ });
    this.loader = page.getByTestId("grid-loader");
  }

  /** Opens a listing and waits until it is interactive. */
  async goto(path: string) {
    const response = await this.page.goto(path);
    await this.ready();
    return response;
  }

  async ready() {
    await expect(this.sortSelect).toHaveAttribute("data-ready", "true");
    await expect(this.page.getByTestId("product-grid")).toHaveAttribute("data-ready", "true");
  }

  activeSubCategory(): Locator {
    return this.subCategoryNav.locator('[aria-current="page"]');
  }

  async scrollToBottom() {
    await this.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  }

  /** The discounted prices of the cards shown, in rupees. */
  async prices(): Promise<number[]> {
    const texts = await this.cards.getByTestId("card-price").allTextContents();
    return texts.map((t) => Number(t.replace(/[^\d.]/g, "")));
  }
}
