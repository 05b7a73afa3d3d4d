import type { Locator, Page } from "@playwright/test";

/** /dashboard/myorders (spec §2 Orders page) and one order's page. */
export class OrdersPage {
  readonly heading: Locator;
  readonly cards: Locator;
  readonly empty: Locator;
  readonly helpDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Order", exact: true, level: 1 });
    this.cards = page.getByTestId("order-card");
    this.empty = page.getByTestId("orders-empty");
    this.helpDialog = page.getByTestId("need-help-dialog");
  }

  goto() {
    return this.page.goto("/dashboard/myorders");
  }

  card(orderId: string): Locator {
    return this.page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  }

  needHelp(orderId: string): Locator {
    return this.card(orderId).getByRole("button", { name: "Need Help" });
  }

  helpQuestion(text: string | RegExp): Locator {
    return this.helpDialog.getByRole("button", { name: text });
  }

  helpBack(): Locator {
    return this.helpDialog.getByRole("button", { name: "Back", exact: true });
  }

  helpClose(): Locator {
    return this.helpDialog.getByRole("button", { name: "Close", exact: true });
  }

  /** /dashboard/myorders/<orderId> */
  gotoOrder(orderId: string) {
    return this.page.goto(`/dashboard/myorders/${orderId}`);
  }
}
