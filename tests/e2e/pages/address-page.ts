import type { Locator, Page } from "@playwright/test";

export type AddressValues = {
  addressline: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
  mobile: string;
};

/** /dashboard/address: the Address header, the cards, the dashed tile and the add / edit dialogs (spec §2). */
export class AddressPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly addTile: Locator;
  readonly cards: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Address", exact: true, level: 1 });
    this.addButton = page.getByRole("button", { name: "Add Address", exact: true });
    this.addTile = page.getByTestId("add-address-tile");
    this.cards = page.getByTestId("address-card");
    this.dialog = page.getByTestId("address-dialog");
  }

  goto() {
    return this.page.goto("/dashboard/address");
  }

  card(text: string): Locator {
    return this.cards.filter({ hasText: text });
  }

  editButton(card: Locator): Locator {
    return card.getByRole("button", { name: /^Edit address/ });
  }

  removeButton(card: Locator): Locator {
    return card.getByRole("button", { name: /^Remove address/ });
  }

  /** The form's inputs by their field names (the add form's address field is named `addressline`). */
  field(name: keyof AddressValues): Locator {
    return this.dialog.locator(`input[name="${name}"]`);
  }

  async fill(values: Partial<AddressValues>) {
    for (const [name, value] of Object.entries(values)) {
      await this.field(name as keyof AddressValues).fill(value);
    }
  }

  submit() {
    return this.dialog.getByRole("button", { name: "Submit" }).click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
