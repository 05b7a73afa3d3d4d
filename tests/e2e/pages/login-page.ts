import { expect, type Locator, type Page } from "@playwright/test";

/** /login: email, password, the Login button (disabled until both are filled). */
export class LoginPage {
  readonly form: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly formError: Locator;
  readonly registerLink: Locator;
  readonly forgotPasswordLink: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole("form", { name: "Login" });
    this.email = this.form.getByLabel("Email", { exact: true });
    this.password = this.form.getByLabel("Password", { exact: true });
    this.submit = this.form.getByRole("button", { name: "Login", exact: true });
    this.formError = this.form.getByTestId("form-error");
    this.registerLink = this.form.getByRole("link", { name: "Register" });
    this.forgotPasswordLink = this.form.getByRole("link", { name: "Forgot password?" });
  }

  async goto(callbackUrl?: string) {
    await this.page.goto(callbackUrl ? `/login?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/login");
    await this.ready();
  }

  /** Waits until React has taken over the form (typing into server HTML before that is lost). */
  async ready() {
    await expect(this.form).toHaveAttribute("data-hydrated", "true", { timeout: 60_000 });
  }

  /** Fills both fields and submits; the caller checks where it lands. */
  async login(email: string, password: string) {
    await this.ready();
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator("[data-sonner-toast]").filter({ hasText: text });
  }
}
