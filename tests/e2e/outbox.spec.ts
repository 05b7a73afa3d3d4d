import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_SHOPPER, signIn } from "./pages/admin-auth";
import { newUser, registerViaApi } from "./pages/register-page";

// Security finding #13: the mail outbox page of a production build exists only on a demo deployment (the suite's
// server: embedded database, APP_URL on localhost), only for admins, and never shows a reset code or a link token.

test("the outbox shows an admin that the reset code went out, without the code", async ({ page }) => {
  const ip = `10.${[...randomBytes(3)].join(".")}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  const user = newUser("outbox");
  await registerViaApi(page.request, user, ip);
  const forgot = await page.request.put("/api/user/forgot-password", { data: { email: user.email } });
  expect(forgot.ok()).toBe(true);

  // a guest and a shopper find nothing there
  expect((await page.goto("/dev/outbox"))?.status()).toBe(404);
  await signIn(page, DEMO_SHOPPER);
  expect((await page.goto("/dev/outbox"))?.status()).toBe(404);

  await page.context().clearCookies();
  await signIn(page, DEMO_ADMIN);
  await page.goto(`/dev/outbox?to=${encodeURIComponent(user.email)}`);
  const mails = page.getByTestId("outbox-mail");
  const reset = mails.filter({ hasText: "password reset code" });
  await expect(reset).toHaveCount(1);
  await expect(reset).toContainText("••••••");
  expect(await reset.innerText()).not.toMatch(/\b\d{6}\b/);
  // the verification mail sent at registration: its link is there, its token is not
  const verify = mails.filter({ hasText: "verify-email" });
  if ((await verify.count()) > 0) {
    await expect(verify.first()).toContainText("token=[hidden]");
  }
  await expect(page.getByText("Codes and link tokens are hidden")).toBeVisible();
});
