import type { Locator, Page } from "@playwright/test";

/** The Delivery Partners admin page. */
export class AdminPartnersPage {
  readonly search: Locator;
  readonly rows: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByPlaceholder("Search partners...");
    this.rows = page.getByTestId("partner-row");
    this.empty = page.getByText("No delivery partners found");
  }

  goto() {
    return this.page.goto("/dashboard/delivery-partners");
  }

  row(name: string) {
    return this.rows.filter({ hasText: name });
  }

  toggle(name: string) {
    return this.row(name).getByRole("switch");
  }

  /** The number on a summary tile: "Total Partners", "Available" or "Busy". */
  async tile(label: "Total Partners" | "Available" | "Busy"): Promise<number> {
    const text = await this.page.getByTestId(`tile-${label}`).locator("dd").textContent();
    return Number(text);
  }
}
