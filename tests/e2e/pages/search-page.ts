import { expect, type Locator, type Page } from "@playwright/test";

/** /search: the live input in the header, the results heading, the grid and the empty states. */
export class SearchPage {
  readonly input: Locator;
  readonly heading: Locator;
  readonly count: Locator;
  readonly cards: Locator;
  readonly suggestions: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId("search-bar").getByRole("searchbox", { name: "Search products" });
    this.heading = page.getByRole("heading", { level: 1 });
    this.count = page.getByTestId("result-count");
    this.cards = page.getByTestId("product-grid").getByTestId("product-card");
    this.suggestions = page.getByRole("region", { name: /Popular searches|Try searching for/ }).getByRole("link");
  }

  /** Opens /search; the input is auto-focused once React has hydrated the page. */
  async goto(query?: string) {
    await this.page.goto(query === undefined ? "/search" : `/search?q=${encodeURIComponent(query)}`);
    await expect(this.input).toBeFocused();
  }

  async search(text: string) {
    await this.input.fill("");
    await this.input.pressSequentially(text);
  }

  async scrollToBottom() {
    await this.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  }
}
