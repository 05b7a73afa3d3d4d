import type { Locator, Page } from "@playwright/test";

/** The header cart button and the cart drawer it opens (spec §2 Layout, Cart drawer). */
export class CartDrawer {
  readonly button: Locator;
  readonly dialog: Locator;
  readonly lines: Locator;
  readonly savings: Locator;
  readonly bill: Locator;
  readonly itemsTotal: Locator;
  readonly quantityTotal: Locator;
  readonly grandTotal: Locator;
  readonly proceed: Locator;
  readonly empty: Locator;
  readonly shopNow: Locator;
  readonly close: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByTestId("cart-button");
    this.dialog = page.getByRole("dialog", { name: "My Cart" });
    this.lines = this.dialog.getByTestId("cart-line");
    this.savings = this.dialog.getByTestId("cart-savings");
    this.bill = this.dialog.getByTestId("bill-details");
    this.itemsTotal = this.dialog.getByTestId("bill-items-total");
    this.quantityTotal = this.dialog.getByTestId("bill-quantity");
    this.grandTotal = this.dialog.getByTestId("bill-grand-total");
    this.proceed = this.dialog.getByRole("button", { name: /Proceed/ });
    this.empty = this.dialog.getByTestId("cart-empty");
    this.shopNow = this.dialog.getByRole("link", { name: "Shop Now" });
    this.close = this.dialog.getByRole("button", { name: "Close cart" });
  }

  /** Waits until the page has read the cart (a dev server may take a while to hydrate a page it just compiled). */
  async ready(timeout = 60_000) {
    await this.button
      .and(this.page.locator('[data-cart-ready="true"]'))
      .waitFor({ state: "attached", timeout });
  }

  async open() {
    await this.button.click();
    await this.dialog.waitFor({ state: "visible" });
  }

  line(productName: string): Locator {
    return this.lines.filter({ hasText: productName });
  }

  increase(productName: string): Locator {
    return this.dialog.getByRole("button", { name: `Increase quantity of ${productName}` });
  }

  decrease(productName: string): Locator {
    return this.dialog.getByRole("button", { name: `Decrease quantity of ${productName}` });
  }

  quantity(productName: string): Locator {
    return this.line(productName).getByTestId("cart-quantity-value");
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
