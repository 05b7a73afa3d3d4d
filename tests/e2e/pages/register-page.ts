import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

export type NewUser = { name: string; email: string; password: string };

/** A fresh account's details (random e-mail, so runs never collide and never share rate limits). */
export function newUser(tag = "shopper"): NewUser {
  const id = randomUUID().slice(0, 8);
  return { name: `E2E ${tag} ${id}`, email: `e2e-${tag}-${id}@example.com`, password: `Pass-${id}-word` };
}

/**
 * Creates an account through the REST contract (faster than the form when the test is about something else).
 * Pass the same x-forwarded-for as the page so the per-IP limit counts that test's own address.
 */
export async function registerViaApi(request: APIRequestContext, user: NewUser, ip?: string) {
  const response = await request.post("/api/user/register", {
    data: { ...user, confirmPassword: user.password },
    headers: ip ? { "x-forwarded-for": ip } : undefined,
  });
  if (response.status() !== 201)
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
}

/** /register: name, email, password, confirmPassword. */
export class RegisterPage {
  readonly form: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole("form", { name: "Register" });
    this.name = this.form.getByLabel("Name", { exact: true });
    this.email = this.form.getByLabel("Email", { exact: true });
    this.password = this.form.getByLabel("Password", { exact: true });
    this.confirmPassword = this.form.getByLabel("Confirm Password", { exact: true });
    this.submit = this.form.getByRole("button", { name: "Register", exact: true });
  }

  async goto() {
    await this.page.goto("/register");
    await this.ready();
  }

  /** Waits until React has taken over the form (typing into server HTML before that is lost). */
  async ready() {
    await expect(this.form).toHaveAttribute("data-hydrated", "true", { timeout: 60_000 });
  }

  async fill(user: NewUser, confirmPassword = user.password) {
    await this.name.fill(user.name);
    await this.email.fill(user.email);
    await this.password.fill(user.password);
    await this.confirmPassword.fill(confirmPassword);
  }

  async register(user: NewUser, confirmPassword = user.password) {
    await this.fill(user, confirmPassword);
    await this.submit.click();
  }
}
