import { expect, type Page } from "@playwright/test";
import { LoginPage } from "../pages/login-page";
import { newUser, registerViaApi } from "../pages/register-page";

/** A new shopper registered through the API (from `ip`) and signed in through the login page, on My Orders. */
export async function signedInShopper(page: Page, tag: string, ip: string) {
  const user = newUser(tag);
  await registerViaApi(page.request, user, ip);
  const login = new LoginPage(page);
  await login.goto("/dashboard/myorders");
  await login.login(user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/myorders/, { timeout: 90_000 });
  return user;
}
