import { randomBytes, randomInt } from "node:crypto";
import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_ADMIN, signIn } from "./pages/admin-auth";
import { toast } from "./pages/admin-catalog-pages";
import { LoginPage } from "./pages/login-page";
import { readPartnerInvite } from "./support/db";
import { shopperWithCashOrder } from "./support/orders-api";
import { adminApi } from "./support/shop-api";

// Store staff and the pick list (issue 16), on a phone (390 px): an admin invites a staff member from the Stores
// screen, the e-mailed link sets a password and signing in lands on /store; the demo staff member of the MG Road store
// ("main") picks a shopper's order there (a tick per line, one line short), taps Packed, and the admin's orders board
// shows it packed while the shopper's order page names the short item (removed from the bill: no choice was made). Orders are placed by the test itself and
// finished afterwards.

// dashboard screens fetch after hydration; a shared two-core machine can be slow
const expect = baseExpect.configure({ timeout: 30_000 });

const PHONE = { width: 390, height: 844 };
const DEMO_STAFF = { email: "staff@kwikmart.local", password: "Staff@12345" };
const PASSWORD = "tidy shelves 58";
const stamp = () => `${Date.now().toString(36)}${randomInt(1000)}`;

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` });
  return page;
}

test.describe("store staff at 390 px", () => {
  test.describe.configure({ timeout: 180_000 });

  test("an admin invites staff to a store; the link sets a password and signing in lands on the pick list", async ({
    browser,
  }) => {
    const email = `picker-${stamp()}@example.com`;
    const name = `Picker ${stamp()}`;
    const adminPage = await phonePage(browser);
    await signIn(adminPage, DEMO_ADMIN);
    await adminPage.goto("/dashboard/stores");
    const row = adminPage.locator('[data-testid="store-row"][data-store-id="main"]');
    await row.getByRole("button", { name: /^Staff of / }).click();
    const dialog = adminPage.getByTestId("store-staff-dialog");
    await expect(dialog).toBeVisible();
    const form = dialog.getByRole("form", { name: "Invite staff" });
    await expect(form).toHaveAttribute("data-hydrated", "true");
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(toast(adminPage, `Invitation sent to ${email}`)).toBeVisible();
    const member = dialog.getByTestId("staff-row").filter({ hasText: email });
    await expect(member.getByTestId("staff-account")).toHaveText("Invited");

    const staff = await phonePage(browser);
    await staff.goto(await readPartnerInvite(email, 10_000, "store"));
    await expect(staff.getByRole("heading", { name: "Set your password" })).toBeVisible();
    const set = staff.getByRole("form", { name: "Set your password" });
    await expect(set).toHaveAttribute("data-hydrated", "true");
    await set.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await set.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
    await set.getByRole("button", { name: "Set password" }).click();
    await expect(staff).toHaveURL(/\/login\?/);
    const login = new LoginPage(staff);
    await expect(login.email).toHaveValue(email);
    await login.login(email, PASSWORD);
    await expect(staff).toHaveURL(/\/store(?:[?#]|$)/);
    await expect(staff.getByRole("heading", { level: 1 })).toContainText("MG Road");

    // staff are no admins
    await staff.goto("/dashboard/orders");
    await expect(staff.getByText("Do not have permission")).toBeVisible();

    // the admin sees the account active, and deactivates it
    await adminPage.reload();
    await row.getByRole("button", { name: /^Staff of / }).click();
    await expect(member.getByTestId("staff-account")).toHaveText("Account active");
    await member.getByRole("button", { name: `Deactivate ${name}` }).click();
    await adminPage.getByRole("button", { name: "Deactivate", exact: true }).click();
    await expect(member.getByTestId("staff-account")).toHaveText("Deactivated");
    await staff.goto("/store");
    await expect(staff).toHaveURL(/\/login/);
    // inviting them again sends a fresh link
    await member.getByRole("button", { name: "Invite again" }).click();
    await expect(toast(adminPage, `Invitation re-sent to ${email}`)).toBeVisible();
    await expect(member.getByTestId("staff-account")).toHaveText("Invited");
    await staff.context().close();
    await adminPage.context().close();
  });

  test("staff pick a shopper's order, mark a line short and pack it; the board shows it packed", async ({
    browser,
    request,
  }) => {
    const { orderId, ip, shopper } = await shopperWithCashOrder(request, { tag: "pick", products: 2, productPage: 15 });
    const admin = await adminApi(request, ip);
    try {
      // the demo staff member signs in and lands on the pick list
      const staff = await phonePage(browser);
      const login = new LoginPage(staff);
      await login.goto();
      await login.login(DEMO_STAFF.email, DEMO_STAFF.password);
      await expect(staff).toHaveURL(/\/store(?:[?#]|$)/);
      const card = staff.locator(`[data-testid="pick-order"][data-order="${orderId}"]`);
      await expect(card).toContainText("0 of 2 lines done");
      await card.getByRole("button").click();

      const order = staff.getByRole("region", { name: `Order ${orderId}` });
      const lines = order.getByTestId("pick-line");
      await expect(lines).toHaveCount(2);
      const packed = order.getByRole("button", { name: "Packed", exact: true });
      await expect(packed).toBeDisabled();
      await expect(order.getByTestId("pack-hint")).toHaveText("2 lines left: tick or mark short every line to pack");

      // a big tick for the first line
      const tick = lines.nth(0).getByRole("button", { name: /^Picked / });
      const box = (await tick.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      await tick.click();
      await expect(tick).toHaveAttribute("aria-pressed", "true");
      await expect(order.getByTestId("pick-progress")).toHaveText("1 of 2 lines done");
      await expect(packed).toBeDisabled();

      // the second is missing: Short
      const shortName = (await lines.nth(1).locator("p").first().textContent())!.trim();
      await lines.nth(1).getByRole("button", { name: `Short ${shortName}` }).click();
      await expect(lines.nth(1).getByTestId("short-mark")).toHaveText("Short 1 of 1");
      await expect(order.getByTestId("pick-progress")).toHaveText("2 of 2 lines done");

      // the marks are on the server: a reload shows them
      await staff.reload();
      await staff.locator(`[data-testid="pick-order"][data-order="${orderId}"]`).getByRole("button").click();
      await expect(order.getByTestId("short-mark")).toHaveText("Short 1 of 1");
      await expect(packed).toBeEnabled();
      expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await packed.click();
      await expect(toast(staff, `Order ${orderId} packed with 1 unit short`)).toBeVisible();
      await expect(staff.locator(`[data-testid="pick-order"][data-order="${orderId}"]`)).toHaveCount(0);
      await staff.context().close();

      // the admin's board shows it packed, handed on to dispatch
      const adminPage = await phonePage(browser);
      await signIn(adminPage, DEMO_ADMIN);
      await adminPage.goto("/dashboard/orders");
      const row = adminPage.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
      await expect(row).toContainText("Packed");
      await expect(
        row.getByRole("button", { name: "Out for delivery" }).or(row.getByText("Waiting for a partner")),
      ).toBeVisible();
      await adminPage.context().close();

      // the shopper's order page names the missing item
      const shopperPage = await phonePage(browser);
      await signIn(shopperPage, shopper);
      await shopperPage.goto(`/dashboard/myorders/${orderId}`);
      await expect(shopperPage.getByTestId("order-short")).toContainText(
        "1 item was not available when the store packed your order.",
      );
      // no choice made: it is removed from the bill (issue 18's substitutions), and the cash to pay says so
      await expect(
        shopperPage.getByTestId("order-line").filter({ hasText: shortName }).getByTestId("line-substitution"),
      ).toHaveText(/^Removed — out of stock, ₹[\d,.]+ not charged$/);
      await expect(shopperPage.getByTestId("order-cash-due")).toHaveText(/^Pay ₹[\d,.]+ on delivery\.$/);
      // and the store's screen is not theirs
      await shopperPage.goto("/store");
      await expect(shopperPage.getByTestId("store-only")).toContainText("is not a store staff account");
      await shopperPage.context().close();
    } finally {
      await admin.finish(orderId);
    }
  });
});
