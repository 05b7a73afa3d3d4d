import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { AccountMenu } from "./pages/account-menu";
import { AddressPage } from "./pages/address-page";
import { DEMO_ADMIN, DEMO_SHOPPER, signIn } from "./pages/admin-auth";
import { AdminCategoryPage } from "./pages/admin-catalog-pages";
import { CartDrawer } from "./pages/cart-drawer";
import { CheckoutPage } from "./pages/checkout-page";
import { HomePage } from "./pages/home-page";
import { ListingPage } from "./pages/listing-page";
import { LoginPage } from "./pages/login-page";
import { OrdersPage } from "./pages/orders-page";
import { PartnerDialog } from "./pages/partner-dialog";
import { OtpPage } from "./pages/password-reset-pages";
import { ProductPage } from "./pages/product-page";
import { SearchPage } from "./pages/search-page";
import { ShellPage } from "./pages/shell-page";
import { expectFocusTrapped, stopsWithoutVisibleFocus, tabTo } from "./support/keyboard";
import { adminApi, findProduct, productUrl } from "./support/shop-api";

// Issue 7 item 5: a shopper who uses only the keyboard can log in, find a product, put it in the cart, check out
// with cash on delivery and see the order confirmed. Every step is a key press (page.goto only opens the shop);
// every step checks what the shopper would see.

test.describe.configure({ timeout: 180_000 });

// the address dialog's boxes from Address Line on, in tab order (Landmark left empty; Country starts as India)
const ADDRESS = ["14 MG Road", "", "Bengaluru", "Karnataka", "560001", "India", "9876512345"];

let ip = "";
test.beforeEach(async ({ page }) => {
  ip = `10.${[...randomBytes(3)].join(".")}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
});

/** The demo shopper as a REST client: empties the cart (so the journey starts the same every run). */
async function resetShopperCart(request: APIRequestContext) {
  const login = await request.post("/api/user/login", { data: DEMO_SHOPPER, headers: { "x-forwarded-for": ip } });
  expect(login.ok(), await login.text()).toBe(true);
  const token = ((await login.json()) as { data: { accesstoken: string } }).data.accesstoken;
  const headers = { authorization: `Bearer ${token}` };
  const cart = await request.get("/api/cart/get", { headers });
  for (const line of ((await cart.json()) as { data: { _id: string }[] }).data) {
    await request.delete("/api/cart/delete-cart-item", { data: { _id: line._id }, headers });
  }
}

test("keyboard only: log in, search, open a product, add it, open the cart, check out with cash, see it confirmed", async ({
  page,
  request,
}) => {
  test.setTimeout(360_000); // some sixty pages' worth of key presses, each a round trip to the browser
  await resetShopperCart(request);
  const admin = await adminApi(request, ip);

  // Log in: the e-mail field has focus on arrival.
  const login = new LoginPage(page);
  await login.goto("/");
  await tabTo(page, login.email, { max: 15 });
  await page.keyboard.type(DEMO_SHOPPER.email);
  await tabTo(page, login.password, { max: 3 });
  await page.keyboard.type(DEMO_SHOPPER.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/, { timeout: 60_000 });
  const shell = new ShellPage(page);
  await expect(shell.header.getByRole("button", { name: "Account", exact: true })).toBeVisible();

  // Search: the prompt in the header is a link; Enter opens /search with the input focused.
  await tabTo(page, shell.searchLink, { max: 80 });
  await page.keyboard.press("Enter");
  const search = new SearchPage(page);
  await expect(search.input).toBeFocused();
  await page.keyboard.type("milk");
  await expect(search.cards.first()).toBeVisible();
  await expect(search.heading).toContainText(/milk/i);

  // The first result's link (the card's ADD button comes after it).
  const firstCard = search.cards.first();
  const productName = (await firstCard.getByRole("heading").textContent())!.trim();
  await tabTo(page, firstCard.getByRole("link"), { max: 10 });
  await page.keyboard.press("Enter");
  const product = new ProductPage(page);
  await expect(product.name).toHaveText(productName);
  await expect(product.gallery).toHaveAttribute("data-ready", "true");

  // ADD with Enter; focus lands on + which Space presses again.
  await tabTo(page, product.addButton, { max: 40 });
  await page.keyboard.press("Enter");
  const main = page.getByRole("main");
  const increase = main.getByRole("button", { name: `Increase quantity of ${productName}` });
  await expect(increase).toBeFocused();
  await expect(main.getByTestId("cart-quantity-value").first()).toHaveText(/quantity 1$/);
  await page.keyboard.press("Space");
  await expect(main.getByTestId("cart-quantity-value").first()).toHaveText(/quantity 2$/);
  await expect(shell.cartButton).toHaveAccessibleName(/2 items/i);

  // The cart drawer: back up to the header's cart button, open it, focus is inside.
  const drawer = new CartDrawer(page);
  await tabTo(page, shell.cartButton, { back: true, max: 40 });
  await page.keyboard.press("Enter");
  await expect(drawer.dialog).toBeVisible();
  await expect(drawer.line(productName)).toBeVisible();
  await expect(drawer.quantity(productName)).toHaveText(/quantity 2$/);
  await tabTo(page, drawer.proceed, { max: 20 });
  await page.keyboard.press("Enter");

  // Checkout: add an address by keyboard if the demo shopper has none yet.
  const checkout = new CheckoutPage(page);
  await expect(checkout.heading).toBeVisible({ timeout: 60_000 });
  await expect(checkout.quantityTotal).toHaveText("2 item");
  await expect(checkout.cashOnDelivery).toBeEnabled();
  if ((await checkout.addresses.count()) === 0) {
    await tabTo(page, checkout.addAddress);
    await page.keyboard.press("Enter");
    await expect(checkout.addressDialog).toBeVisible();
    await tabTo(page, checkout.addressDialog.locator('input[name="addressline"]'), { max: 5 });
    for (const [i, value] of ADDRESS.entries()) {
      if (i > 0) await page.keyboard.press("Tab");
      await page.keyboard.type(value);
    }
    await page.keyboard.press("Enter");
    await expect(checkout.addressDialog).toBeHidden();
    await expect(checkout.address(ADDRESS[0]!).getByRole("radio")).toBeChecked();
  }
  await expect(checkout.addresses.getByRole("radio", { checked: true })).toHaveCount(1);

  const partnerFree = await admin.ensureFreePartner();
  await tabTo(page, checkout.cashOnDelivery);
  await page.keyboard.press("Enter");
  if (partnerFree) {
    await expect(checkout.confirmed).toBeVisible({ timeout: 30_000 });
    await expect(checkout.confirmed).toContainText("Order Confirmed");
    await expect(checkout.confirmed.getByTestId("confirmed-eta")).toHaveText(/^\d+ minutes?$/);
    const close = checkout.confirmed.getByRole("button", { name: "Close" });
    await tabTo(page, close, { max: 5 });
    await page.keyboard.press("Enter");
  } else {
    await expect(checkout.toast("All our delivery partners are busy")).toBeVisible({ timeout: 30_000 });
  }
  await expect(page).toHaveURL(/\/success/);
  await expect(checkout.outcomeHeading("Order Successfully")).toBeVisible();
  await expect(shell.cartButton).toHaveAccessibleName("My Cart");

  // My Orders: Need Help opens from the keyboard, keeps focus inside and gives it back.
  const orders = new OrdersPage(page);
  await orders.goto();
  const card = orders.cards.first();
  await expect(card).toContainText(productName);
  const orderId = (await card.getAttribute("data-order-id"))!;
  const needHelp = orders.needHelp(orderId);
  await tabTo(page, needHelp);
  await page.keyboard.press("Enter");
  await expectFocusTrapped(page, orders.helpDialog, needHelp);

  await admin.finish(orderId);
});

test.describe("dialogs keep focus inside and give it back", () => {
  test("partner application, cart drawer and account menu", async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    const partner = new PartnerDialog(page);
    // the partner card comes after the tiles and the first two product rows (issue 21 item 1)
    await tabTo(page, home.partnerButton, { max: 160 });
    await page.keyboard.press("Enter");
    await expect(partner.dialog).toBeVisible({ timeout: 30_000 });
    await expect(partner.name).toBeFocused();
    await expectFocusTrapped(page, partner.dialog, home.partnerButton);

    const drawer = new CartDrawer(page);
    await drawer.ready();
    await tabTo(page, drawer.button, { back: true, max: 160 });
    await page.keyboard.press("Space");
    await expectFocusTrapped(page, drawer.dialog, drawer.button);

    // The account menu is a disclosure: Enter opens it, Tab walks its entries, Escape closes it onto its button.
    await signIn(page, DEMO_ADMIN);
    await page.goto("/about");
    const menu = new AccountMenu(page);
    await tabTo(page, menu.button, { max: 20 });
    await page.keyboard.press("Enter");
    await expect(menu.panel).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.panel.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu.link("Category")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu.panel).toBeHidden();
    await expect(menu.button).toBeFocused();
  });

  test("admin add dialog and the address dialog", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    const categories = new AdminCategoryPage(page);
    await categories.goto();
    await expect(categories.cards.first()).toBeVisible({ timeout: 60_000 });
    await tabTo(page, categories.addButton, { max: 60 });
    await page.keyboard.press("Enter");
    await expectFocusTrapped(page, categories.dialog, categories.addButton);

    const addresses = new AddressPage(page);
    await addresses.goto();
    await tabTo(page, addresses.addButton, { max: 60 });
    await page.keyboard.press("Enter");
    await expectFocusTrapped(page, addresses.dialog, addresses.addButton);
  });
});

test("OTP boxes: typing moves on, Backspace moves back, arrows move", async ({ page }) => {
  await page.goto("/verification-otp?email=someone%40example.com");
  const otp = new OtpPage(page);
  await otp.ready();
  await expect(otp.box(0)).toBeFocused();
  await page.keyboard.type("123");
  await expect(otp.box(3)).toBeFocused();
  expect(await otp.values()).toEqual(["1", "2", "3", "", "", ""]);
  await page.keyboard.press("Backspace");
  await expect(otp.box(2)).toBeFocused();
  expect(await otp.values()).toEqual(["1", "2", "", "", "", ""]);
  await page.keyboard.press("ArrowLeft");
  await expect(otp.box(1)).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(otp.box(3)).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(otp.box(2)).toBeFocused();
  await page.keyboard.type("3456");
  expect(await otp.values()).toEqual(["1", "2", "3", "4", "5", "6"]);
  await expect(otp.submit).toBeEnabled();
});

test("product gallery: thumbnails, dots and arrows are named buttons that work from the keyboard", async ({ page }) => {
  const product = await findProduct(page.request, (p) => p.stock > 0 && p.image.length > 1);
  expect(product, "a product with several pictures").toBeTruthy();
  const gallery = new ProductPage(page);
  await gallery.goto(productUrl(product!));
  const count = product!.image.length;
  const carousel = gallery.gallery.getByRole("group", { name: /pictures$/ });
  const main = carousel.getByRole("img");
  await expect(main).toHaveAccessibleName(new RegExp(`picture 1 of ${count}$`));

  const second = gallery.thumbnails.getByRole("button", { name: `Picture 2 of ${count}` });
  await tabTo(page, second, { max: 60 });
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await expect(main).toHaveAccessibleName(new RegExp(`picture 2 of ${count}$`));

  const firstDot = gallery.gallery.getByRole("button", { name: `Show picture 1 of ${count}` });
  await tabTo(page, firstDot, { back: true, max: 20 });
  await page.keyboard.press("Space");
  await expect(main).toHaveAccessibleName(new RegExp(`picture 1 of ${count}$`));

  // the main picture steps with the arrow keys once focused
  await tabTo(page, carousel, { back: true, max: 20 });
  await page.keyboard.press("ArrowRight");
  await expect(main).toHaveAccessibleName(new RegExp(`picture 2 of ${count}$`));

  for (const name of ["Scroll thumbnails left", "Scroll thumbnails right"]) {
    await tabTo(page, gallery.gallery.getByRole("button", { name }), { max: 30 });
    await page.keyboard.press("Enter");
    await expect(main).toHaveAccessibleName(new RegExp(`picture 2 of ${count}$`));
  }
});

test("every stop of the header, home page, login form and a listing shows where focus is", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const home = new HomePage(page);
  await home.goto();
  // header, hero, partner call-to-action and the first category tiles
  expect(await stopsWithoutVisibleFocus(page, 20), "stops with no visible focus on /").toEqual({ walked: 20, missing: [] });
  await new LoginPage(page).goto();
  expect(await stopsWithoutVisibleFocus(page, 14), "stops with no visible focus on /login").toEqual({
    walked: 14,
    missing: [],
  });
  await page.goto("/Dairy-Bread-Eggs-cat01/Milk-sub001");
  await new ListingPage(page).ready();
  // header, the sub-category rail, the sort select and the first cards
  expect(await stopsWithoutVisibleFocus(page, 24), "stops with no visible focus on a listing").toEqual({
    walked: 24,
    missing: [],
  });
});
