import type { Locator, Page } from "@playwright/test";

/** The delivery-partner application dialog opened from the home page. */
export class PartnerDialog {
  readonly dialog: Locator;
  readonly name: Locator;
  readonly phone: Locator;
  readonly vehicle: Locator;
  readonly email: Locator;
  readonly store: Locator;
  readonly submit: Locator;
  readonly close: Locator;
  readonly inlineError: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole("dialog", { name: "Become a delivery partner" });
    this.name = this.dialog.getByLabel("Name", { exact: true });
    this.phone = this.dialog.getByLabel("Phone", { exact: true });
    this.vehicle = this.dialog.getByLabel(/Vehicle/);
    this.email = this.dialog.getByLabel(/^Email/);
    this.store = this.dialog.getByLabel(/^Store/);
    this.submit = this.dialog.getByRole("button", { name: "Submit application" });
    this.close = this.dialog.getByRole("button", { name: "Close" });
    // the form's own message (the dialog also holds a toaster, whose live region is an alert too)
    this.inlineError = this.dialog.locator("form").getByRole("alert");
  }

  /** A sonner toast with this text. */
  toast(text: string | RegExp): Locator {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }

  async fill(values: { name?: string; phone?: string; vehicle?: string }) {
    if (values.name !== undefined) await this.name.fill(values.name);
    if (values.phone !== undefined) await this.phone.fill(values.phone);
    if (values.vehicle !== undefined) await this.vehicle.fill(values.vehicle);
  }
}
