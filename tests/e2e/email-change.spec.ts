import { randomBytes, randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { LoginPage } from "./pages/login-page";
import { ProfilePage } from "./pages/profile-page";
import { newUser, registerViaApi } from "./pages/register-page";
import { query } from "./support/db";

// Issue 20 #4 in the browser: the profile asks for the current password as soon as the e-mail differs, keeps the old
// e-mail (showing the new one as pending) until the link sent to it is opened, and the old address's undo link puts
// it back and signs the account out everywhere. Phone width, as most shoppers see it.

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** The newest link to `path` e-mailed to `to` (mail goes out after the response, so this polls). */
async function linkMailed(to: string, path: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await query<{ text: string }>(
      `SELECT "text" FROM "MailOutbox" WHERE "to" = $1 ORDER BY "createdAt" DESC LIMIT 5`,
      [to.toLowerCase()],
    );
    for (const row of rows) {
      const link = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`).exec(row.text)?.[0];
      if (link) return new URL(link).pathname + new URL(link).search;
    }
    if (Date.now() > deadline) throw new Error(`no ${path} link e-mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function signedInShopper(page: Page) {
  const ip = `10.${[...randomBytes(3)].join(".")}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  const user = newUser("mover");
  await registerViaApi(page.request, user, ip);
  const login = new LoginPage(page);
  await login.goto("/dashboard/profile");
  await login.login(user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/profile/, { timeout: 60_000 });
  const profile = new ProfilePage(page);
  await profile.ready();
  return { user, profile };
}

test("a new e-mail needs the current password, waits for its link, and the old address can undo it", async ({
  page,
}) => {
  const { user, profile } = await signedInShopper(page);
  const target = `e2e-new-${randomUUID().slice(0, 8)}@example.com`;
  const current = profile.details.getByLabel("Current password", { exact: true });

  await expect(current).toHaveCount(0);
  await profile.mobile.fill("9876543210");
  await profile.email.fill(target);
  await expect(current).toBeVisible();
  await expect(profile.save).toBeDisabled(); // the password is required while the e-mail differs

  await current.fill("not my password");
  await profile.save.click();
  await expect(profile.details.getByText("Current password is not correct")).toBeVisible();
  await expect(profile.email).toHaveValue(target);

  await current.fill(user.password);
  await profile.save.click();
  await expect(profile.toast(`We have sent a link to ${target}`)).toBeVisible();
  // the account keeps its e-mail until the link is opened
  await expect(profile.email).toHaveValue(user.email);
  await expect(current).toHaveCount(0);
  const pending = profile.details.getByTestId("email-pending");
  await expect(pending).toHaveText(`pending: ${target} — check your inbox`);
  await page.reload();
  await profile.ready();
  await expect(pending).toHaveText(`pending: ${target} — check your inbox`);

  // the link sent to the new address, opened in this (signed-in) browser: switched and verified, still signed in
  await page.goto(await linkMailed(target, "/api/user/verify-email"));
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(profile.toast("Your e-mail is verified")).toBeVisible();
  await profile.ready();
  await expect(profile.email).toHaveValue(target);
  await expect(profile.emailStatus).toHaveText(/Email verified/);
  await expect(pending).toHaveCount(0);

  // the notice to the old address: its undo link restores it and ends this session too
  await page.goto(await linkMailed(user.email, "/api/user/undo-email-change"));
  await expect(page.getByRole("heading", { name: "E-mail change undone" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Choose a new password" })).toHaveAttribute("href", "/forgot-password");
  await page.goto("/dashboard/profile");
  await expect(page).toHaveURL(/\/login/);
  const rows = await query<{ email: string }>(`SELECT "email" FROM "User" WHERE "email" IN ($1, $2)`, [
    user.email,
    target,
  ]);
  expect(rows).toEqual([{ email: user.email }]);
});
