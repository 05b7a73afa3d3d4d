import { expect, type Locator, type Page } from "@playwright/test";

export type CheckoutAddress = {
  addressline: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
  mobile: string;
};

/** /checkout (spec §2 Checkout), the Order Confirmed modal, the local test checkout and /success, /cancel. */
export class CheckoutPage {
  readonly heading: Locator;
  readonly addresses: Locator;
  readonly addAddress: Locator;
  readonly addressDialog: Locator;
  readonly summary: Locator;
  readonly itemsTotal: Locator;
  readonly quantityTotal: Locator;
  readonly grandTotal: Locator;
  readonly onlinePayment: Locator;
  readonly cashOnDelivery: Locator;
  readonly empty: Locator;
  readonly confirmed: Locator;
  readonly testCheckoutBanner: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Checkout", level: 1 });
    this.addresses = page.getByTestId("checkout-address");
    this.addAddress = page.getByRole("button", { name: "Add address", exact: true });
    this.addressDialog = page.getByTestId("address-dialog");
    this.summary = page.getByTestId("checkout-summary");
    this.itemsTotal = page.getByTestId("summary-items-total");
    this.quantityTotal = page.getByTestId("summary-quantity");
    this.grandTotal = page.getByTestId("summary-grand-total");
    this.onlinePayment = page.getByRole("button", { name: "Online Payment" });
    this.cashOnDelivery = page.getByRole("button", { name: "Cash on Delivery" });
    this.empty = page.getByTestId("checkout-empty");
    this.confirmed = page.getByTestId("order-confirmed-dialog");
    this.testCheckoutBanner = page.getByTestId("test-checkout-banner");
  }

  async goto() {
    await this.page.goto("/checkout");
    await expect(this.heading).toBeVisible({ timeout: 60_000 });
  }

  /** Adds an address through the Add address dialog; the new address is then chosen. */
  async addNewAddress(values: CheckoutAddress) {
    await this.addAddress.click();
    await expect(this.addressDialog).toBeVisible();
    for (const [name, value] of Object.entries(values)) {
      await this.addressDialog.locator(`input[name="${name}"]`).fill(value);
    }
    await this.addressDialog.getByRole("button", { name: "Save address" }).click();
    await expect(this.addressDialog).toBeHidden();
    await expect(this.address(values.addressline).getByRole("radio")).toBeChecked();
  }

  address(text: string): Locator {
    return this.addresses.filter({ hasText: text });
  }

  /** Test checkout (local payment adapter): Pay and Cancel. */
  payButton(): Locator {
    return this.page.getByRole("button", { name: /^Pay / });
  }

  cancelPaymentButton(): Locator {
    return this.page.getByRole("button", { name: "Cancel", exact: true });
  }

  outcomeHeading(text: string): Locator {
    return this.page.getByRole("heading", { name: text, level: 1 });
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
