import type { Locator, Page } from "@playwright/test";

export type AddressValues = {
  receiver_name?: string;
  house?: string;
  addressline: string;
  landmark?: string;
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
      if (value === undefined) continue;
      await this.field(name as keyof AddressValues).fill(value);
    }
  }

  /** The dialog's submit button, pinned under its fields. */
  get saveButton(): Locator {
    return this.dialog.getByRole("button", { name: "Save address" });
  }

  submit() {
    return this.saveButton.click();
  }

  /** A Home / Work / Other chip of the dialog. */
  kind(name: "Home" | "Work" | "Other"): Locator {
    return this.dialog.getByRole("radio", { name, exact: true });
  }

  /** "Fix this address" on a card whose saved address fails today's rules. */
  fixButton(card: Locator): Locator {
    return card.getByRole("button", { name: "Fix this address" });
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
