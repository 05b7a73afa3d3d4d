import type { Locator, Page, Response } from "@playwright/test";

/** The shop shell around every page: header, search bar, cart button, mobile cart bar, footer. */
export class ShellPage {
  readonly header: Locator;
  readonly footer: Locator;
  readonly searchBar: Locator;
  /** The animated prompt text (off /search). */
  readonly searchPrompt: Locator;
  /** The link wrapping the prompt (off /search). */
  readonly searchLink: Locator;
  /** The live input (on /search). */
  readonly searchInput: Locator;
  readonly backToHome: Locator;
  readonly loginLink: Locator;
  readonly cartButton: Locator;
  readonly mobileCartBar: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole("banner");
    this.footer = page.getByRole("contentinfo");
    this.searchBar = page.getByTestId("search-bar");
    this.searchPrompt = this.searchBar.getByTestId("search-prompt");
    this.searchLink = this.searchBar.getByRole("link", { name: "Search products" });
    this.searchInput = this.searchBar.getByRole("searchbox", { name: "Search products" });
    this.backToHome = this.searchBar.getByRole("link", { name: "Back to home" });
    this.loginLink = this.header.getByRole("link", { name: "Login" });
    this.cartButton = page.getByTestId("cart-button");
    this.mobileCartBar = page.getByTestId("mobile-cart-bar");
  }

  goto(path: string): Promise<Response | null> {
    return this.page.goto(path);
  }

  /** The `q` query parameter of the current URL. */
  query(): string | null {
    return new URL(this.page.url()).searchParams.get("q");
  }
}
