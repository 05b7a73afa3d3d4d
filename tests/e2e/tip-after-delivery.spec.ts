import { expect, test } from "@playwright/test";
import { LoginPage } from "./pages/login-page";
import { rupees } from "./support/bill-shopper";
import { query } from "./support/db";
import { freshIp, shopperWithCashOrder } from "./support/orders-api";
import { adminApi } from "./support/shop-api";

// Issue 18 at 390 px: a tip after delivery. A shopper's cash order (560095, the Koramangala store) is delivered; on the
// order page the shopper adds a ₹20 tip ("100% goes to your delivery partner"), pays it on the local test checkout
// (no Stripe keys in the suite), comes back to the order page and finds "Tip ₹20 — thank you" and the tip in the
// bill's grand total; the partner who delivered it sees ₹20 more in Today's tips.

const PHONE = { width: 390, height: 844 };
const PARTNER_PASSWORD = "Partner@12345";

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 240_000 });

/** Koramangala takes no other suite's orders (store-stock.spec only sets its shelf; 560095 is nobody else's pincode). */
const STORE = { id: "koramangala", pincode: "560095" };

/** A free partner of the store with a demo sign-in becomes the one idle longest: the next order there is theirs. */
async function accountPartnerNext() {
  await query(
    `UPDATE "DeliveryPartner" SET "isAvailable" = true, "availableSince" = '2000-01-01'
      WHERE id = (SELECT p.id FROM "DeliveryPartner" p JOIN "User" u ON u.id = p."userId"
                   WHERE p."storeId" = $1 AND p."deactivatedAt" IS NULL AND u.email ~ '^partner[0-9]+@kwikmart\\.local$'
                     AND NOT EXISTS (SELECT 1 FROM "PartnerAssignment" a WHERE a."partnerId" = p.id AND a."completedAt" IS NULL)
                   ORDER BY p.seq LIMIT 1)`,
    [STORE.id],
  );
}

/** A rupee amount as the shop shows it ("₹1,254") as a number. */
const amountOf = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""));

test("a delivered cash order takes a ₹20 tip by card from the order page; the bill and the partner's Today show it", async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminApi(request, freshIp());
  // A free partner with a partner-app account is made the store's next; if an order still went elsewhere (queued, or
  // an earlier try's partner still busy), cancel it and place again.
  let placed: Awaited<ReturnType<typeof shopperWithCashOrder>> | null = null;
  let assigned: { email: string | null } | undefined;
  for (let attempt = 0; attempt < 3 && !assigned?.email; attempt++) {
    if (placed) await admin.setStatus(placed.orderId, "CANCELLED");
    await accountPartnerNext();
    placed = await shopperWithCashOrder(request, { tag: "tipafter", store: STORE });
    [assigned] = await query<{ email: string | null }>(
      `SELECT u.email FROM "PartnerAssignment" a JOIN "Order" o ON o.id = a."orderId"
         JOIN "DeliveryPartner" p ON p.id = a."partnerId" LEFT JOIN "User" u ON u.id = p."userId"
        WHERE o."orderNumber" = $1`,
      [placed.orderId],
    );
  }
  expect(assigned?.email, "the order went to a partner with a partner-app account").toMatch(/@kwikmart\.local$/);
  const { shopper, orderId, ip } = placed!;
  await admin.finish(orderId);
  const [delivered] = await query<{ status: string }>(`SELECT status FROM "Order" WHERE "orderNumber" = $1`, [orderId]);
  expect(delivered?.status).toBe("DELIVERED");

  // the partner, on their own phone: Today's tips before the shopper tips
  const partnerContext = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { "x-forwarded-for": freshIp() } });
  const partner = await partnerContext.newPage();
  const partnerLogin = new LoginPage(partner);
  await partnerLogin.goto();
  await partnerLogin.login(assigned!.email!, PARTNER_PASSWORD);
  await expect(partner).toHaveURL(/\/partner/, { timeout: 60_000 });
  const tipsBefore = amountOf(await partner.getByTestId("today-tips").textContent());

  // the shopper opens the delivered order
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  const login = new LoginPage(page);
  await login.goto(`/dashboard/myorders/${orderId}`);
  await login.login(shopper.email, shopper.password);
  await expect(page).toHaveURL(new RegExp(`/dashboard/myorders/${orderId}$`), { timeout: 90_000 });
  const total = amountOf(await page.getByTestId("order-grand-total").textContent());
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId("order-tip")).toHaveCount(0);

  const addTip = page.getByTestId("tip-after-delivery");
  await expect(addTip).toContainText("Add a tip");
  await expect(addTip).toContainText("100% goes to your delivery partner");
  const pay = addTip.getByRole("button", { name: /tip by card|Choose a tip/ });
  await expect(pay).toBeDisabled();
  await addTip.getByRole("button", { name: "₹20", exact: true }).click();
  await expect(addTip.getByRole("button", { name: "₹20", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(pay).toHaveText("Pay ₹20 tip by card");
  await pay.click();

  // the local test checkout of the tip: its own page, ₹20
  await expect(page).toHaveURL(/\/pay\/tip\/cs_local_/, { timeout: 30_000 });
  await expect(page.getByTestId("test-checkout-banner")).toHaveText("Test checkout — no money moves");
  await expect(page.getByTestId("test-checkout-total")).toHaveText("₹20");
  await expect(page.getByText(`order ${orderId}`)).toBeVisible();
  const payButton = page.getByRole("button", { name: "Pay ₹20" });
  await expect(payButton).toBeEnabled({ timeout: 30_000 });
  await payButton.click();

  // back on the order page: the thanks, the tip on the bill and in the grand total, and no second offer
  await expect(page).toHaveURL(new RegExp(`/dashboard/myorders/${orderId}$`), { timeout: 30_000 });
  await expect(page.getByTestId("tip-thanks")).toContainText("Tip ₹20 — thank you");
  await expect(page.getByTestId("order-tip")).toHaveText("₹20");
  await expect(page.getByTestId("order-grand-total")).toHaveText(rupees(total + 20));
  await expect(page.getByTestId("tip-after-delivery")).toHaveCount(0);

  // the partner's Today: ₹20 more in tips
  await partner.reload();
  await expect(partner.getByTestId("today-tips")).toHaveText(rupees(tipsBefore + 20));
  await partnerContext.close();
});
