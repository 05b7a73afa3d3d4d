import { expect, type Locator, type Page } from "@playwright/test";

/** The product detail page. */
export class ProductPage {
  readonly name: Locator;
  readonly price: Locator;
  readonly originalPrice: Locator;
  readonly discount: Locator;
  readonly outOfStock: Locator;
  readonly addButton: Locator;
  readonly gallery: Locator;
  readonly thumbnails: Locator;
  readonly breadcrumb: Locator;
  readonly jsonLd: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByRole("heading", { level: 1 });
    this.price = page.getByTestId("product-price");
    this.originalPrice = page.getByTestId("product-original-price");
    this.discount = page.getByText(/^\d+% Discount$/);
    this.outOfStock = page.getByText("Out of Stock", { exact: true });
    this.addButton = page.getByRole("main").getByTestId("add-to-cart");
    this.gallery = page.getByTestId("product-gallery");
    this.thumbnails = page.getByTestId("gallery-thumbnails");
    this.breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    this.jsonLd = page.locator('script[type="application/ld+json"]');
  }

  async goto(path: string) {
    const response = await this.page.goto(path);
    await expect(this.gallery).toHaveAttribute("data-ready", "true");
    return response;
  }

  async structuredData(): Promise<Record<string, unknown>> {
    return JSON.parse((await this.jsonLd.first().textContent()) ?? "{}") as Record<string, unknown>;
  }
}
