import type { Locator, Page } from "@playwright/test";

export const SHOPPER_ENTRIES = ["Profile", "My Orders", "Save Address"];
export const ADMIN_ENTRIES = [
  "Profile",
  "Category",
  "Sub Category",
  "Upload Product",
  "Product",
  "Delivery Partners",
  "Orders",
  "Audit Log",
  "Stores",
  "Cash",
  "Fees",
  "Coupons",
];

/** The header's account corner: Login for guests; the Account dropdown (desktop) or a /user link (phones). */
export class AccountMenu {
  readonly header: Locator;
  readonly loginLink: Locator;
  readonly button: Locator;
  readonly panel: Locator;
  readonly adminTag: Locator;
  readonly userName: Locator;
  readonly logoutButton: Locator;
  readonly mobileLink: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole("banner");
    this.loginLink = this.header.getByRole("link", { name: "Login", exact: true });
    this.button = this.header.getByRole("button", { name: "Account", exact: true });
    this.panel = this.header.getByTestId("account-menu");
    this.adminTag = this.panel.getByTestId("admin-tag");
    this.userName = this.panel.getByTestId("account-name");
    this.logoutButton = this.panel.getByRole("button", { name: "Log Out" });
    this.mobileLink = this.header.getByTestId("account-link-mobile");
  }

  async open() {
    if ((await this.button.getAttribute("aria-expanded")) !== "true") await this.button.click();
    await this.panel.waitFor({ state: "visible" });
  }

  /** The entries of the open panel, in order (links, then the Log Out button). */
  async entries(): Promise<string[]> {
    await this.open();
    const links = await this.panel.getByRole("link").allInnerTexts();
    const buttons = await this.panel.getByRole("button").allInnerTexts();
    return [...links, ...buttons].map((t) => t.trim());
  }

  link(name: string): Locator {
    return this.panel.getByRole("link", { name, exact: true });
  }

  async logout() {
    await this.open();
    await this.logoutButton.click();
  }
}
