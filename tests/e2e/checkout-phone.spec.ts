import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { CheckoutPage } from "./pages/checkout-page";
import { signedInShopper } from "./support/shopper";
import { adminApi, findProduct } from "./support/shop-api";
import { layoutShift } from "./support/layout-shift";
import { AccountMenu } from "./pages/account-menu";

// Issue 21 item 7 on a 390×844 touch phone: checkout names where the order goes and pins the ways to pay, with the
// amount, to the bottom of the screen (no scrolling to reach Cash on Delivery); paying with no saved address opens
// the address form; and a signed-in shopper with a saved address goes from home to a placed cash order in at most 8
// taps, the test counting its own. Also: a signed-in shopper with no place chosen sees cart and checkout hold still
// while they fill in (no layout shift of 0.1 or more), and their cart page's lines come in its HTML, painted before
// the page's scripts load, under a policy of its own inline scripts' hashes (issue 19 item 4).

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: 300_000 });

let ip = "";
test.beforeEach(async ({ page }) => {
  ip = `10.${[...randomBytes(3)].join(".")}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
});

/** Inside the viewport, wholly: what a thumb reaches without scrolling. */
async function inFirstScreen(page: Page, target: Locator) {
  const box = await target.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, "the control is drawn").not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

test("home to a placed cash order in at most 8 taps, Cash on Delivery pinned with the amount", async ({ page, request }) => {
  const admin = await adminApi(request, ip);
  await signedInShopper(page, "taps", ip);
  const saved = await page.request.post("/api/address/create", {
    data: { address_line: "12 MG Road", city: "Bengaluru", state: "Karnataka", pincode: "560001", country: "India", mobile: "9876543210", label: "home" },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const partnerFree = await admin.ensureFreePartner();

  let taps = 0;
  const tap = async (target: Locator) => {
    await target.tap();
    taps += 1;
  };

  await page.goto("/");
  await tap(page.getByRole("button", { name: /^Add .+ to cart$/ }).first());
  await tap(page.getByTestId("mobile-cart-bar"));
  await expect(page).toHaveURL(/\/cart$/);
  await tap(page.getByTestId("cart-proceed"));
  await expect(page).toHaveURL(/\/checkout$/);

  const checkout = new CheckoutPage(page);
  await expect(page.getByTestId("delivering-to")).toHaveText(/^Delivering to Home – 12 MG Road\s*·\s*Change$/);
  const total = (await checkout.grandTotal.textContent())!.trim();
  await expect(checkout.cashOnDelivery).toHaveAccessibleName(`Cash on Delivery · ${total}`);
  await expect(checkout.cashOnDelivery).toBeEnabled();
  await inFirstScreen(page, checkout.cashOnDelivery);
  await tap(checkout.cashOnDelivery);

  if (partnerFree) {
    await expect(checkout.confirmed).toBeVisible({ timeout: 30_000 });
    await tap(checkout.confirmed.getByRole("link", { name: "Track order" }));
  } else {
    await expect(page).toHaveURL(/\/success\?text=Order/, { timeout: 30_000 });
    await tap(page.getByRole("link", { name: "Track order" }));
  }
  await expect(page).toHaveURL(/\/dashboard\/myorders\/KM-/, { timeout: 30_000 });
  expect(taps, "taps from home to the placed order's page").toBeLessThanOrEqual(8);
  await admin.finish(decodeURIComponent(page.url().split("/").pop()!));
});

test("paying with no saved address opens the address form; the footer's last link stays above the pay bar", async ({ page }) => {
  await signedInShopper(page, "noaddr", ip);
  const added = await page.request.post("/api/cart/create", { data: { productId: "prd00003" } });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const checkout = new CheckoutPage(page);
  await checkout.goto();
  await expect(page.getByTestId("delivering-to")).toHaveCount(0);
  await checkout.cashOnDelivery.tap();
  await expect(checkout.addressDialog).toBeVisible();
  await expect(checkout.addressDialog.getByRole("heading", { name: "Add Address" })).toBeVisible();
  await checkout.addressDialog.getByRole("button", { name: "Close" }).first().tap();
  await expect(checkout.addressDialog).toBeHidden();

  // at the end of the page nothing hides behind the pinned bar
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = page.locator("footer a").last();
  await expect(last).toBeVisible();
  const bar = await page.getByTestId("checkout-pay-bar").boundingBox();
  const link = await last.boundingBox();
  expect(link!.y + link!.height).toBeLessThanOrEqual(bar!.y);
});

test("signed in with no place chosen yet, the cart and checkout hold still while the header and lines fill in", async ({ page }) => {
  // a 412 px phone (Lighthouse's): there "Select your location" fits on one line until the account corner fills in
  await page.setViewportSize({ width: 412, height: 823 });
  await signedInShopper(page, "still", ip);
  const saved = await page.request.post("/api/address/create", {
    data: { address_line: "12 MG Road", city: "Bengaluru", state: "Karnataka", pincode: "560001", country: "India", mobile: "9876543210" },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const product = await findProduct(page.request, (p) => p.stock > 5);
  const added = await page.request.post("/api/cart/create", { data: { productId: product!._id } });
  expect(added.ok(), await added.text()).toBe(true);
  // the header then asks "Select your location" (a new phone, say)
  await page.context().clearCookies({ name: "kw_location" });

  for (const path of ["/cart", "/checkout"]) {
    await page.goto(path);
    await expect(page.getByTestId("header-location-headline")).toHaveText("Select your location");
    // the account corner is filled in from the session after hydration, the lines from the cart
    await expect(new AccountMenu(page).mobileLink).toBeVisible();
    await expect(page.getByText(product!.name).first()).toBeVisible();
    const shift = await layoutShift(page, 1_000);
    expect(shift, `layout shift on ${path}`).toBeLessThan(0.1);
  }
});

test("a signed-in shopper's cart page carries its lines, bill and Proceed before any script has run", async ({
  page,
  browser,
}) => {
  await signedInShopper(page, "firstpaint", ip);
  const product = await findProduct(page.request, (p) => p.stock > 5);
  const added = await page.request.post("/api/cart/create", { data: { productId: product!._id } });
  expect(added.ok(), await added.text()).toBe(true);

  // the same shopper on a phone whose scripts have not arrived yet (a slow network): the server's HTML alone
  const noScript = await browser.newContext({
    storageState: await page.context().storageState(),
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { "x-forwarded-for": ip },
  });
  try {
    const firstPaint = await noScript.newPage();
    await firstPaint.goto("/cart");
    const lines = firstPaint.getByTestId("cart-line");
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(product!.name);
    // its quantity stepper, not an ADD button: the line is the cart's, not a product card's
    await expect(lines.first().getByTestId("cart-quantity-value")).toHaveText(/quantity\s*1$/);
    await expect(firstPaint.getByTestId("bill-details")).toBeVisible();
    await expect(firstPaint.getByTestId("cart-proceed")).toContainText("Proceed");
    await expect(firstPaint.getByRole("status", { name: "Loading your cart" })).toHaveCount(0);
  } finally {
    await noScript.close();
  }

  // with its scripts, the page goes on from the same cart: + changes the line, the header counts it
  await page.goto("/cart");
  const line = page.getByTestId("cart-line").first();
  await line.getByTestId("cart-increase").click();
  await expect(line.getByTestId("cart-quantity-value")).toHaveText(/quantity\s*2$/);
});

test("the cart and checkout paint before their scripts load, and refuse an inline script that is not theirs", async ({ page }) => {
  await signedInShopper(page, "latescripts", ip);
  const product = await findProduct(page.request, (p) => p.stock > 5);
  const added = await page.request.post("/api/cart/create", { data: { productId: product!._id } });
  expect(added.ok(), await added.text()).toBe(true);

  // each page's own answer, with one inline script added before </body> and its headers (the policy) untouched
  const answers: Record<string, { policy: string; html: string }> = {};
  await page.route(/\/(cart|checkout)$/, async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const html = await response.text();
    answers[new URL(route.request().url()).pathname] = { policy: response.headers()["content-security-policy"] ?? "", html };
    await route.fulfill({ response, body: html.replace("</body>", "<script>window.__pwned=1</script></body>") });
  });
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Refused to|Content[- ]Security[- ]Policy/i.test(message.text())) refused.push(message.text());
  });

  for (const path of ["/cart", "/checkout"]) {
    await page.goto(path);
    const { policy, html } = answers[path]!;
    // the script files are not in the HTML: a small loader (allowed by its hash) adds them after the first paint
    expect(html, path).not.toMatch(/<script[^>]*src="\/_next\/static\/[^"]+\.js"[^>]*async/);
    expect(policy, path).toMatch(/script-src[^;]*'sha256-/);
    expect(policy, path).not.toContain("'nonce-");
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned), path).toBeUndefined();
  }
  expect(refused.some((text) => /script-src/.test(text))).toBe(true);

  // and the page's own scripts run: + on the cart changes the line
  await page.goto("/cart");
  const line = page.getByTestId("cart-line").first();
  await line.getByTestId("cart-increase").click();
  await expect(line.getByTestId("cart-quantity-value")).toHaveText(/quantity\s*2$/);
});
