import { randomBytes, randomInt } from "node:crypto";
import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { AccountMenu } from "./pages/account-menu";
import { DEMO_ADMIN, signIn } from "./pages/admin-auth";
import { toast } from "./pages/admin-catalog-pages";
import { AdminPartnersPage } from "./pages/admin-partners-page";
import { HomePage } from "./pages/home-page";
import { LoginPage } from "./pages/login-page";
import { PartnerDialog } from "./pages/partner-dialog";
import { readPartnerInvite } from "./support/db";

// Partners get accounts (issue 17), on a phone (390 px): an applicant applies with an e-mail, the admin approves them
// on the dashboard, the invitation link from the e-mail sets a password, and the partner signs in at /login and lands
// in the partner app (/partner; that app is built separately, so only the URL is checked). And a deactivated
// partner's open session ends at once.

// dashboard screens fetch after hydration; a shared two-core machine can be slow
const expect = baseExpect.configure({ timeout: 30_000 });

const PHONE = { width: 390, height: 844 };
const PASSWORD = "mango scooter 58";

const stamp = () => `${Date.now().toString(36)}${randomInt(1000)}`;
const freshPhone = () => `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // each page its own client address: the per-address limits of a long run stay apart
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` });
  return page;
}

/** Opens the invitation link and sets the password; the page then asks the partner to sign in. */
async function setPassword(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  const form = page.getByRole("form", { name: "Set your password" });
  await expect(form).toHaveAttribute("data-hydrated", "true");
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/login\?/);
}

test.describe("partner accounts at 390 px", () => {
  test.describe.configure({ timeout: 180_000 });

  test("an applicant is approved, sets a password from the e-mail and signs in to the partner app", async ({
    browser,
  }) => {
    const name = `Applicant ${stamp()}`;
    const email = `rider-${stamp()}@example.com`;

    // 1. the application, with an e-mail and a store
    const applicant = await phonePage(browser);
    const home = new HomePage(applicant);
    await home.goto();
    await home.partnerButton.click();
    const dialog = new PartnerDialog(applicant);
    await dialog.fill({ name, phone: freshPhone(), vehicle: "Scooter" });
    await dialog.email.fill(email);
    await expect(dialog.store.locator('option[value="main"]')).toBeAttached();
    await dialog.store.selectOption("main");
    await dialog.submit.click();
    await expect(dialog.toast(/Thank you for registering/)).toBeVisible();

    // 2. the admin approves them on the dashboard (the e-mail is on the application: the dialog only confirms)
    const adminPage = await phonePage(browser);
    await signIn(adminPage, DEMO_ADMIN);
    const partners = new AdminPartnersPage(adminPage);
    await partners.goto();
    await partners.search.fill(name);
    const row = partners.row(name);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("partner-account")).toHaveText("No account");
    await row.getByRole("button", { name: "Approve", exact: true }).click();
    const approve = adminPage.getByRole("dialog", { name: `Approve ${name}` });
    await expect(approve).toContainText(email);
    await approve.getByRole("button", { name: "Approve and send invitation" }).click();
    await expect(toast(adminPage, `We e-mailed an invitation to ${email}`)).toBeVisible();
    await expect(approve).toBeHidden();
    await expect(row.getByTestId("partner-account")).toHaveText("Invited");

    // 3. the link from the e-mail sets a password
    const link = await readPartnerInvite(email);
    await setPassword(applicant, link);
    await expect(toast(applicant, "Password set. Sign in to start delivering.")).toBeVisible();

    // 4. signing in at /login lands in the partner app
    const login = new LoginPage(applicant);
    await expect(login.email).toHaveValue(email);
    await login.login(email, PASSWORD);
    await expect(applicant).toHaveURL(/\/partner(?:[/?#]|$)/);

    // a partner is no admin: the dashboard's admin screens refuse them
    await applicant.goto("/dashboard/delivery-partners");
    await expect(applicant.getByText("Do not have permission")).toBeVisible();

    // the link works once
    await applicant.goto(link);
    await expect(applicant.getByRole("heading", { name: "Your password is already set" })).toBeVisible();

    // the dashboard shows the account as active
    await partners.goto();
    await partners.search.fill(name);
    await expect(row.getByTestId("partner-account")).toHaveText("Account active");
    await applicant.context().close();
    await adminPage.context().close();
  });

  test("a deactivated partner's open session is signed out at once", async ({ browser }) => {
    const name = `Rider ${stamp()}`;
    const email = `deact-${stamp()}@example.com`;
    const adminPage = await phonePage(browser);
    await signIn(adminPage, DEMO_ADMIN);
    // applied and approved through the REST calls (the journey above covers the screens)
    const applied = await adminPage.request.post("/api/delivery-partner/register", {
      data: { name, phone: freshPhone(), email, storeId: "main" },
    });
    expect(applied.status()).toBe(201);
    const { data } = (await applied.json()) as { data: { _id: string } };
    const approved = await adminPage.request.put("/api/delivery-partner/approve", { data: { _id: data._id } });
    expect(approved.status(), await approved.text()).toBe(200);

    const partner = await phonePage(browser);
    await setPassword(partner, await readPartnerInvite(email));
    const login = new LoginPage(partner);
    await login.login(email, PASSWORD);
    await expect(partner).toHaveURL(/\/partner(?:[/?#]|$)/);
    const session = async () =>
      ((await (await partner.request.get("/api/auth/session")).json()) as { user?: { role?: string } }).user;
    expect(await session()).toMatchObject({ role: "PARTNER" });

    // the admin deactivates them on the dashboard
    const partners = new AdminPartnersPage(adminPage);
    await partners.goto();
    await partners.search.fill(name);
    const row = partners.row(name);
    await row.getByRole("button", { name: "Deactivate" }).click();
    await adminPage.getByTestId("confirm-dialog").getByRole("button", { name: "Deactivate" }).click();
    await expect(toast(adminPage, /Partner deactivated\. .* is signed out everywhere/)).toBeVisible();
    await expect(row.getByTestId("partner-account")).toHaveText("Deactivated");

    // the partner's open session is over: the shop shows them signed out, and signing in again is refused
    expect(await session()).toBeUndefined();
    await partner.goto("/");
    await expect(new AccountMenu(partner).loginLink).toBeVisible();
    await login.goto();
    await login.login(email, PASSWORD);
    await expect(login.form.getByText(/deactivated\. Please contact your store/)).toBeVisible();

    // reactivated, they can sign in again, and a callback to the shop does not keep them from the partner app
    await row.getByRole("button", { name: "Reactivate" }).click();
    await expect(toast(adminPage, /Partner reactivated/)).toBeVisible();
    await login.goto("/checkout");
    await login.login(email, PASSWORD);
    await expect(partner).toHaveURL(/\/partner(?:[/?#]|$)/);
    await partner.context().close();
    await adminPage.context().close();
  });
});
