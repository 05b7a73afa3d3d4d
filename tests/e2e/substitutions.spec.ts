import { randomBytes } from "node:crypto";
import { expect as baseExpect, test, type Browser } from "@playwright/test";
import { toast } from "./pages/admin-catalog-pages";
import { CheckoutPage } from "./pages/checkout-page";
import { LoginPage } from "./pages/login-page";
import { rupees } from "./support/bill-shopper";
import { query } from "./support/db";
import { adminApi } from "./support/shop-api";
import { signedInShopper } from "./support/shopper";

// Issue 18's substitutions at 390 px: a shopper chooses "Replace with similar" for a cart line and places a cash
// order at the MG Road store ("main", 560001); the store's demo staff member finds that line short on the pick list
// and taps Packed; the shopper's order page shows the replacement, what it replaced, and the bill's new total.

const expect = baseExpect.configure({ timeout: 30_000 });
const PHONE = { width: 390, height: 844 };
const DEMO_STAFF = { email: "staff@kwikmart.local", password: "Staff@12345" };
const STORE = "main";

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 300_000 });

const newIp = () => `10.${[...randomBytes(3)].join(".")}`;

/** The price a product sells at, in SQL (lib/money.ts discountedPricePaise). */
const SOLD_AT = (p: string) => `(${p}."pricePaise" - CEIL(${p}."pricePaise" * ${p}.discount / 10000.0) * 100)`;

/**
 * Two products the store has in stock: one with a similar product in stock (same sub-category, at most 10 % dearer),
 * and another from a different sub-category, to be picked as ordered.
 */
async function products() {
  const [wanted] = await query<{ id: string; name: string; sub: string }>(
    `SELECT a.id, a.name, pa."subCategoryId" AS sub
       FROM "Product" a JOIN "StoreStock" sa ON sa."productId" = a.id AND sa."storeId" = $1
       JOIN "ProductSubCategory" pa ON pa."productId" = a.id
      WHERE a.published AND sa.stock >= 3
        AND EXISTS (SELECT 1 FROM "ProductSubCategory" pb JOIN "Product" b ON b.id = pb."productId"
                      JOIN "StoreStock" sb ON sb."productId" = b.id AND sb."storeId" = $1
                     WHERE pb."subCategoryId" = pa."subCategoryId" AND b.id <> a.id AND b.published AND sb.stock >= 3
                       AND ${SOLD_AT("b")} <= ${SOLD_AT("a")} * 1.1)
      ORDER BY a.id LIMIT 1`,
    [STORE],
  );
  if (!wanted) throw new Error("no product at the MG Road store with a similar one in stock");
  const [other] = await query<{ id: string; name: string }>(
    `SELECT p.id, p.name FROM "Product" p JOIN "StoreStock" s ON s."productId" = p.id AND s."storeId" = $1
      WHERE p.published AND s.stock >= 3
        AND NOT EXISTS (SELECT 1 FROM "ProductSubCategory" x WHERE x."productId" = p.id AND x."subCategoryId" = $2)
      ORDER BY p.id LIMIT 1`,
    [STORE, wanted.sub],
  );
  if (!other) throw new Error("no second product at the MG Road store");
  return { wanted, other };
}

async function staffPage(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": newIp() });
  return page;
}

test("a short line is substituted at packing and the shopper's order page shows it", async ({ page, browser, request }) => {
  const ip = newIp();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  const admin = await adminApi(request, newIp());
  const shopper = await signedInShopper(page, "subst", ip);
  const address = await page.request.post("/api/address/create", {
    data: { address_line: "3 Residency Road", city: "Bengaluru", state: "Karnataka", pincode: "560001", country: "India", mobile: "9876543210" },
  });
  expect(address.ok(), await address.text()).toBe(true);
  const { wanted, other } = await products();
  for (const p of [wanted, other]) {
    const added = await page.request.post("/api/cart/create", { data: { productId: p.id, storeId: STORE } });
    expect(added.status(), await added.text()).toBe(201);
  }

  // the cart: "If out of stock" per line; the choice is saved on the server
  await page.goto("/cart");
  const line = page.getByTestId("cart-line").filter({ hasText: wanted.name });
  const choice = line.getByTestId("cart-line-substitution");
  await expect(choice).toHaveValue("");
  const box = (await choice.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await choice.selectOption("REPLACE");
  await expect(toast(page, "If it is out of stock: replace with a similar item")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("cart-line").filter({ hasText: wanted.name }).getByTestId("cart-line-substitution")).toHaveValue("REPLACE");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // checkout: the order's default for the other lines, then Cash on Delivery
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await expect(page.getByTestId("checkout-substitution")).toHaveValue("REMOVE");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkout.cashOnDelivery.click();
  const newest = () =>
    query<{ orderNumber: string; totalPaise: number }>(
      `SELECT o."orderNumber", o."totalPaise" FROM "Order" o JOIN "User" u ON u.id = o."userId"
        WHERE lower(u.email) = lower($1) ORDER BY o."createdAt" DESC LIMIT 1`,
      [shopper.email],
    );
  await expect.poll(async () => (await newest()).length, { timeout: 30_000 }).toBe(1);
  const placed = (await newest())[0]!;
  const orderId = placed.orderNumber;

  try {
    // the store: the demo staff member picks the other line and finds the wanted one short
    const staff = await staffPage(browser);
    const login = new LoginPage(staff);
    await login.goto();
    await login.login(DEMO_STAFF.email, DEMO_STAFF.password);
    await expect(staff).toHaveURL(/\/store(?:[?#]|$)/);
    await staff.locator(`[data-testid="pick-order"][data-order="${orderId}"]`).getByRole("button").click();
    const order = staff.getByRole("region", { name: `Order ${orderId}` });
    const short = order.getByTestId("pick-line").filter({ hasText: wanted.name });
    await expect(short.getByTestId("pick-substitution")).toHaveText("If short: replace with a similar item");
    await order.getByTestId("pick-line").filter({ hasText: other.name }).getByRole("button", { name: /^Picked / }).click();
    await short.getByRole("button", { name: `Short ${wanted.name}` }).click();
    await expect(short.getByTestId("short-mark")).toHaveText("Short 1 of 1");
    await order.getByRole("button", { name: "Packed", exact: true }).click();
    await expect(toast(staff, `Order ${orderId} packed with 1 unit short`)).toBeVisible();
    await staff.context().close();

    const [replacement] = await query<{ name: string; totalPaise: number }>(
      `SELECT r.name, o."totalPaise" FROM "OrderLine" r JOIN "OrderLine" s ON s.id = r."replacesLineId"
         JOIN "Order" o ON o.id = r."orderId" WHERE o."orderNumber" = $1`,
      [orderId],
    );
    expect(replacement, "a replacement line was packed").toBeDefined();
    expect(replacement!.totalPaise).toBeLessThanOrEqual(placed.totalPaise);

    // the shopper's order page: what replaced the line, the replacement line, and the bill's total
    await page.goto(`/dashboard/myorders/${orderId}`);
    await expect(page.getByTestId("order-short")).toContainText("1 item was not available when the store packed your order.");
    await expect(
      page.getByTestId("order-line").filter({ hasText: wanted.name }).getByTestId("line-substitution"),
    ).toContainText(`Replaced with ${replacement!.name}`);
    await expect(
      page.getByTestId("order-line").filter({ hasText: replacement!.name }).getByTestId("line-replaces"),
    ).toHaveText(`Replaces ${wanted.name}`);
    await expect(page.getByTestId("order-grand-total")).toHaveText(rupees(replacement!.totalPaise / 100));
    await expect(page.getByTestId("order-cash-due")).toHaveText(`Pay ${rupees(replacement!.totalPaise / 100)} on delivery.`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await admin.finish(orderId);
  }
});
