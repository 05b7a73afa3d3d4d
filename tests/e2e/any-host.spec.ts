import { randomBytes } from "node:crypto";
import { expect, test, type Response } from "@playwright/test";
import { CartDrawer } from "./pages/cart-drawer";
import { CheckoutPage } from "./pages/checkout-page";
import { LoginPage } from "./pages/login-page";
import { newUser, registerViaApi } from "./pages/register-page";
import { adminApi, productUrl, stockedProducts } from "./support/shop-api";

// Origins issue §1: the shop opened at a host other than APP_URL's (a phone on the LAN, a proxy that keeps Host)
// must work. The server under test names http://localhost:<port> in APP_URL; this journey runs at 127.0.0.1, through
// server actions only (login, ADD, address, cash on delivery), and no request may be refused.
const atOtherHost = (base: string) => base.replace("//localhost", "//127.0.0.1");

test.describe.configure({ timeout: 240_000 });

test("at 127.0.0.1 while APP_URL names localhost: log in, ADD, add an address and order with cash", async ({
  page,
  baseURL,
}) => {
  expect(baseURL, "the suite's server is addressed as localhost").toContain("//localhost");
  const base = atOtherHost(baseURL!);
  const ip = `10.${[...randomBytes(3)].join(".")}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  const refused: string[] = [];
  page.on("response", (res: Response) => {
    if (res.request().method() === "POST" && res.status() === 403) refused.push(`${res.status()} ${res.url()}`);
  });

  const user = newUser("anyhost");
  await registerViaApi(page.request, user, ip);
  const [product] = await stockedProducts(page.request, 1, { page: 4 });
  const admin = await adminApi(page.request, ip);

  const login = new LoginPage(page);
  await page.goto(`${base}/login`);
  await login.login(user.email, user.password);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 60_000 });
  expect(new URL(page.url()).hostname).toBe("127.0.0.1");

  const cart = new CartDrawer(page);
  await page.goto(`${base}${productUrl(product!)}`);
  await cart.ready();
  await expect(cart.button).toHaveText("My Cart");
  await page.getByRole("main").getByRole("button", { name: `Add ${product!.name} to cart` }).click();
  await expect(cart.toast("Item added to cart")).toBeVisible();
  await expect(cart.button).toContainText("1 item");

  await cart.open();
  await cart.proceed.click();
  const checkout = new CheckoutPage(page);
  await expect(checkout.heading).toBeVisible({ timeout: 60_000 });
  expect(new URL(page.url()).host).toBe(new URL(base).host);
  await expect(checkout.quantityTotal).toHaveText("1 item");
  await checkout.addNewAddress({
    addressline: "12 Lake View Road",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560034",
    country: "India",
    mobile: "9876501234",
  });

  const partnerFree = await admin.ensureFreePartner();
  await checkout.cashOnDelivery.click();
  if (partnerFree) {
    await expect(checkout.confirmed).toContainText("Order Confirmed", { timeout: 30_000 });
    await checkout.confirmed.getByRole("button", { name: "Close" }).click();
  } else await expect(checkout.toast("All our delivery partners are busy")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/success\?text=Order/, { timeout: 30_000 });
  expect(refused, "no server action or API call was refused").toEqual([]);

  // free the partner for the other tests
  const orders = await page.request.get(`${base}/api/order/order-list`);
  const [order] = ((await orders.json()) as { data: { orderId: string }[] }).data;
  if (order) await admin.finish(order.orderId);
});

test("a refused server action is not silent: the shopper is told what happened and what to do", async ({
  page,
  baseURL,
}) => {
  const [product] = await stockedProducts(page.request, 1, { page: 4 });
  // a proxy in front that refuses the calls (or a shop that is going down): every server action answers 403
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (request.method() === "POST" && request.headers()["next-action"]) {
      await route.fulfill({ status: 403, contentType: "application/json", body: '{"message":"refused"}' });
    } else await route.continue();
  });
  // the header cart cannot load: instead of quietly staying "My Cart", the page says so
  await page.goto(`${baseURL}${productUrl(product!)}`);
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Check your connection, reload the page and try again." }),
  ).toBeVisible({ timeout: 30_000 });
});
