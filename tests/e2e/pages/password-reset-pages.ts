import { expect, type Locator, type Page } from "@playwright/test";

/** /forgot-password: one e-mail field. */
export class ForgotPasswordPage {
  readonly form: Locator;
  readonly email: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole("form", { name: "Forgot password" });
    this.email = this.form.getByLabel("Email", { exact: true });
    this.submit = this.form.getByRole("button", { name: "Send OTP" });
  }

  async goto() {
    await this.page.goto("/forgot-password");
    await this.ready();
  }

  /** Waits until React has taken over the form (typing into server HTML before that is lost). */
  async ready() {
    await expect(this.form).toHaveAttribute("data-hydrated", "true", { timeout: 60_000 });
  }

  async request(email: string) {
    await this.ready();
    await this.email.fill(email);
    await this.submit.click();
  }
}

/** /verification-otp?email=…: six one-digit boxes. */
export class OtpPage {
  readonly form: Locator;
  readonly boxes: Locator;
  readonly submit: Locator;
  readonly formError: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole("form", { name: "Verify OTP" });
    this.boxes = this.form.getByRole("textbox", { name: /^Digit \d of 6$/ });
    this.submit = this.form.getByRole("button", { name: "Verify OTP" });
    this.formError = this.form.getByTestId("form-error");
  }

  box(index: number): Locator {
    return this.form.getByRole("textbox", { name: `Digit ${index + 1} of 6`, exact: true });
  }

  /** Waits until React has taken over the form (typing into server HTML before that is lost). */
  async ready() {
    await expect(this.form).toHaveAttribute("data-hydrated", "true", { timeout: 60_000 });
  }

  /** Types the code key by key into the first box; focus moves on by itself after each digit. */
  async typeCode(code: string) {
    await this.ready();
    await this.box(0).click();
    await this.page.keyboard.type(code, { delay: 30 });
  }

  async values(): Promise<string[]> {
    return Promise.all(Array.from({ length: 6 }, (_, i) => this.box(i).inputValue()));
  }
}

/** /reset-password?email=…: email, new password, confirm. */
export class ResetPasswordPage {
  readonly form: Locator;
  readonly email: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole("form", { name: "Reset password" });
    this.email = this.form.getByLabel("Email", { exact: true });
    this.newPassword = this.form.getByLabel("New Password", { exact: true });
    this.confirmPassword = this.form.getByLabel("Confirm Password", { exact: true });
    this.submit = this.form.getByRole("button", { name: "Change Password" });
  }

  /** Waits until React has taken over the form (typing into server HTML before that is lost). */
  async ready() {
    await expect(this.form).toHaveAttribute("data-hydrated", "true", { timeout: 60_000 });
  }

  async reset(newPassword: string, confirmPassword = newPassword) {
    await this.ready();
    await this.newPassword.fill(newPassword);
    await this.confirmPassword.fill(confirmPassword);
    await this.submit.click();
  }
}
