import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { AddressPage } from "./pages/address-page";
import { CartDrawer } from "./pages/cart-drawer";
import { LoginPage } from "./pages/login-page";
import { newUser, registerViaApi, type NewUser } from "./pages/register-page";

// Spec §2 cart drawer and address page, §4 cart item and address transitions, §5 Proceed, §8 'Please Login' and
// 'Address Remove', §9 the badge is the sum of quantities. decisions.md: the guest cart is merged at login.
//
// The product is prd00004 of the deterministic demo catalogue: "Kwikmart Daily Fresh Cow Milk", 1 L, ₹75 with
// 15 % off (₹63), 107 in stock; nothing in this suite changes its stock.
const PRODUCT = {
  path: "/product/Kwikmart-Daily-Fresh-Cow-Milk-prd00004",
  name: "Kwikmart Daily Fresh Cow Milk",
};

// Each test is a whole journey, and a dev server compiles pages on first use: allow more than the default.
test.describe.configure({ timeout: 180_000 });

let ip = "";
test.beforeEach(async ({ page }) => {
  // each test its own client address, so the per-IP limits (registration, login) never trip on a long-lived server
  ip = `10.${[...randomBytes(3)].join(".")}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
});

async function login(page: Page, user: NewUser, callbackUrl?: string) {
  const form = new LoginPage(page);
  if (!page.url().includes("/login")) await form.goto(callbackUrl);
  await form.login(user.email, user.password);
  // a dev server compiles the callback page on first use: give the redirect time
  await expect(page).not.toHaveURL(/\/login/, { timeout: 60_000 });
}

async function freshShopper(page: Page): Promise<NewUser> {
  const user = newUser("cart");
  await registerViaApi(page.request, user, ip);
  return user;
}

test("an empty cart shows an illustration and Shop Now", async ({ page }) => {
  const cart = new CartDrawer(page);
  await page.goto(PRODUCT.path);
  await cart.ready();
  await expect(cart.button).toHaveText("My Cart");
  await cart.open();
  await expect(cart.empty.getByRole("img")).toBeVisible();
  await cart.shopNow.click();
  await expect(cart.dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/, { timeout: 60_000 });
});

test("a guest fills the cart, is asked to log in at Proceed, and finds the cart merged after login", async ({
  page,
}) => {
  const cart = new CartDrawer(page);
  await page.goto(PRODUCT.path);
  await cart.ready();
  const main = page.getByRole("main");

  // ADD on the product page; the header shows the count and the discounted total
  await main.getByRole("button", { name: `Add ${PRODUCT.name} to cart` }).click();
  // a success toast lives 2 s (spec §4): look for it first
  await expect(cart.toast("Item added to cart")).toBeVisible();
  await expect(cart.button).toContainText("1 item");
  await expect(cart.button).toContainText("₹63");

  // the control turned into − 1 +; + adds one more
  await main.getByRole("button", { name: `Increase quantity of ${PRODUCT.name}` }).click();
  await expect(cart.button).toContainText("2 items");
  await expect(cart.button).toContainText("₹126");

  await cart.open();
  await expect(cart.line(PRODUCT.name)).toContainText("1 L");
  await expect(cart.line(PRODUCT.name)).toContainText("₹63");
  await expect(cart.quantity(PRODUCT.name)).toHaveText(/2$/);
  await expect(cart.itemsTotal).toContainText("₹150");
  await expect(cart.itemsTotal.locator("s")).toContainText("₹150");
  await expect(cart.itemsTotal).toContainText("₹126");
  await expect(cart.quantityTotal).toHaveText("2 item");
  // ₹126 of items (issue 18's default fees): ₹30 delivery below ₹199, ₹4 handling, no small-cart fee from ₹99
  await expect(cart.bill).toContainText("Delivery Charge");
  await expect(cart.dialog.getByTestId("bill-deliveryFee")).toHaveText("₹30");
  await expect(cart.dialog.getByTestId("bill-handlingFee")).toHaveText("₹4");
  await expect(cart.dialog.getByTestId("cart-nudge-freeDelivery")).toHaveText("Add ₹73 more for free delivery");
  await expect(cart.grandTotal).toHaveText("₹160");
  await expect(cart.savings).toContainText("₹24");

  await cart.increase(PRODUCT.name).click();
  await expect(cart.quantity(PRODUCT.name)).toHaveText(/3$/);
  await expect(cart.quantityTotal).toHaveText("3 item");
  await cart.decrease(PRODUCT.name).click();
  await expect(cart.quantity(PRODUCT.name)).toHaveText(/2$/);
  await expect(cart.grandTotal).toHaveText("₹160");
  await expect(cart.button).toContainText("2 items");

  // Proceed as a guest: 'Please Login', then the login page, coming back to checkout
  await cart.proceed.click();
  await expect(cart.toast("Please Login")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fcheckout/, { timeout: 60_000 });

  const user = await freshShopper(page);
  await login(page, user);

  await page.goto(PRODUCT.path);
  await cart.ready();
  await expect(cart.button).toContainText("2 items");
  await expect(main.getByTestId("cart-quantity-value")).toHaveText(/2$/);
  const server = await page.request.get("/api/cart/get");
  expect(server.status()).toBe(200);
  const lines = ((await server.json()) as { data: { quantity: number; productId: { name: string } }[] }).data;
  expect(lines.map((l) => [l.productId.name, l.quantity])).toEqual([[PRODUCT.name, 2]]);
  expect(await page.evaluate(() => localStorage.getItem("kwikmart-guest-cart"))).toBeNull();

  // signed in: decreasing to 0 removes the line on the server
  await cart.open();
  await cart.decrease(PRODUCT.name).click();
  await expect(cart.quantity(PRODUCT.name)).toHaveText(/1$/);
  await cart.decrease(PRODUCT.name).click();
  await expect(cart.empty).toBeVisible();
  await expect(cart.toast("Item removed from cart")).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/cart/get")).json()) as { data: unknown[] }).data.length,
    )
    .toBe(0);
});

test("the drawer is a keyboard-operable dialog: Escape closes it and focus returns to the cart button", async ({
  page,
}) => {
  const cart = new CartDrawer(page);
  await page.goto(PRODUCT.path);
  await cart.ready();
  await page
    .getByRole("main")
    .getByRole("button", { name: `Add ${PRODUCT.name} to cart` })
    .click();
  await expect(cart.button).toContainText("1 item");

  await cart.button.focus();
  await page.keyboard.press("Enter");
  await expect(cart.dialog).toBeVisible();
  // the quantity control is reachable and works from the keyboard
  await cart.increase(PRODUCT.name).focus();
  await page.keyboard.press("Enter");
  await expect(cart.quantity(PRODUCT.name)).toHaveText(/2$/);
  await page.keyboard.press("Escape");
  await expect(cart.dialog).toBeHidden();
  await expect(cart.button).toBeFocused();
  await expect(cart.button).toContainText("2 items");
});

test("a shopper adds, edits and removes an address", async ({ page }) => {
  const user = await freshShopper(page);
  await login(page, user, "/dashboard/address");
  const addresses = new AddressPage(page);
  await expect(page).toHaveURL(/\/dashboard\/address$/, { timeout: 60_000 });
  await expect(addresses.heading).toBeVisible();
  await expect(addresses.cards).toHaveCount(0);

  await addresses.addButton.click();
  await expect(addresses.dialog.getByRole("heading", { name: "Add Address" })).toBeVisible();
  await addresses.fill({
    addressline: "12 MG Road, Indiranagar",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560001",
    country: "India",
    mobile: "+91 98765 43210",
  });
  await addresses.submit();
  await expect(addresses.dialog).toBeHidden();
  const card = addresses.card("12 MG Road, Indiranagar");
  await expect(card).toContainText("Bengaluru");
  await expect(card).toContainText("Karnataka");
  await expect(card).toContainText("India - 560001");
  await expect(card).toContainText("9876543210");

  // edit: the dialog is pre-filled
  await addresses.editButton(card).click();
  await expect(addresses.dialog.getByRole("heading", { name: "Edit Address" })).toBeVisible();
  await expect(addresses.field("city")).toHaveValue("Bengaluru");
  await expect(addresses.field("addressline")).toHaveValue("12 MG Road, Indiranagar");
  await addresses.fill({ city: "Mysuru", pincode: "570001" });
  await addresses.submit();
  await expect(addresses.dialog).toBeHidden();
  await expect(card).toContainText("Mysuru");
  await expect(card).toContainText("India - 570001");

  // the dashed tile opens the add dialog too
  await addresses.addTile.click();
  await expect(addresses.dialog.getByRole("heading", { name: "Add Address" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(addresses.dialog).toBeHidden();

  await addresses.removeButton(card).click();
  await expect(addresses.toast("Address Remove")).toBeVisible();
  await expect(addresses.cards).toHaveCount(0);
  await page.reload();
  await expect(addresses.heading).toBeVisible();
  await expect(addresses.cards).toHaveCount(0);
});
