import { expect, type Locator, type Page } from "@playwright/test";

/** /dashboard/profile: avatar editor, details form, change password, devices, delete account. */
export class ProfilePage {
  readonly details: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly mobile: Locator;
  readonly save: Locator;
  readonly emailStatus: Locator;
  readonly editAvatar: Locator;
  readonly avatarDialog: Locator;
  readonly passwordForm: Locator;
  readonly logoutAll: Locator;
  readonly deleteForm: Locator;

  constructor(readonly page: Page) {
    this.details = page.getByRole("form", { name: "Profile details" });
    this.name = this.details.getByLabel("Name", { exact: true });
    this.email = this.details.getByLabel("Email", { exact: true });
    this.mobile = this.details.getByLabel("Mobile", { exact: true });
    this.save = this.details.getByRole("button", { name: "Save changes" });
    this.emailStatus = this.details.getByTestId("email-status");
    this.editAvatar = page.getByRole("button", { name: "Edit", exact: true });
    this.avatarDialog = page.getByRole("dialog", { name: "Profile picture" });
    this.passwordForm = page.getByRole("form", { name: "Change password" });
    this.logoutAll = page.getByRole("button", { name: "Log out of all devices" });
    this.deleteForm = page.getByRole("form", { name: "Delete account" });
  }

  async goto() {
    await this.page.goto("/dashboard/profile");
    await this.ready();
  }

  /** Waits until React has taken over the forms (typing into server HTML before that is lost). */
  async ready() {
    for (const form of [this.details, this.passwordForm, this.deleteForm]) {
      await expect(form).toHaveAttribute("data-hydrated", "true", { timeout: 60_000 });
    }
  }

  /** The avatar image shown on the page (absent while the initials are shown). */
  avatarImage(): Locator {
    return this.page.getByRole("region", { name: "Personal details" }).locator("img").first();
  }

  /** Opens the Edit dialog and picks a file (without uploading it). */
  async chooseAvatar(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.editAvatar.click();
    await this.avatarDialog.locator('input[type="file"]').setInputFiles(file);
  }

  async uploadAvatar(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.chooseAvatar(file);
    await this.avatarDialog.getByRole("button", { name: "Upload" }).click();
  }

  async changePassword(current: string, next: string) {
    await this.passwordForm.getByLabel("Current Password", { exact: true }).fill(current);
    await this.passwordForm.getByLabel("New Password", { exact: true }).fill(next);
    await this.passwordForm.getByLabel("Confirm New Password", { exact: true }).fill(next);
    await this.passwordForm.getByRole("button", { name: "Change password" }).click();
  }

  async deleteAccount(password: string) {
    await this.deleteForm.getByLabel("Confirm with your password", { exact: true }).fill(password);
    await this.deleteForm.getByRole("checkbox").check();
    await this.deleteForm.getByRole("button", { name: "Delete my account" }).click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
