import { randomBytes } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { productPath } from "../../lib/slug";
import { LOCATION_COOKIE, serializeLocation } from "../../lib/stores/location";
import { CartDrawer } from "./pages/cart-drawer";
import { LoginPage } from "./pages/login-page";
import { newUser, registerViaApi } from "./pages/register-page";
import { query } from "./support/db";

// Issue 16, "Stock is the store's stock" and "Changing location": the shopper's location (the kw_location cookie)
// picks the store whose stock the shop shows. 560001 is served by the default store `main` (MG Road), 560034 by
// Koramangala. Three products of the demo catalogue get their stock per store here, straight in the database (no
// other test uses them): one only at main, one only at Koramangala, one plentiful at main and scarce (1) at
// Koramangala.

const MAIN_PIN = "560001";
const KORAMANGALA_PIN = "560034";

type Product = { id: string; name: string };
let onlyMain: Product;
let onlyKoramangala: Product;
let scarce: Product;

/** Sets a store's stock of a product as a stock count would: the ledger gets the difference. */
async function setStock(storeId: string, productId: string, stock: number) {
  const [row] = await query<{ stock: number }>(
    `SELECT stock FROM "StoreStock" WHERE "storeId" = $1 AND "productId" = $2`,
    [storeId, productId],
  );
  const delta = stock - (row?.stock ?? 0);
  if (delta !== 0) {
    await query(
      `INSERT INTO "StockMovement" (id, "storeId", "productId", delta, reason, note)
       VALUES (gen_random_uuid()::text, $1, $2, $3, 'COUNT', 'e2e: store-stock.spec')`,
      [storeId, productId, delta],
    );
  }
  await query(
    `INSERT INTO "StoreStock" ("storeId", "productId", stock) VALUES ($1, $2, $3)
     ON CONFLICT ("storeId", "productId") DO UPDATE SET stock = EXCLUDED.stock`,
    [storeId, productId, stock],
  );
}

test.beforeAll(async () => {
  const picked = await query<Product>(
    // the demo catalogue's own products only: products other suites create (cuid ids sort first) must not shift the pick
    `SELECT id, name FROM "Product" WHERE published AND id LIKE 'prd%' ORDER BY id OFFSET 600 LIMIT 3`,
  );
  expect(picked).toHaveLength(3);
  [onlyMain, onlyKoramangala, scarce] = picked as [Product, Product, Product];
  await setStock("main", onlyMain.id, 4);
  await setStock("koramangala", onlyMain.id, 0);
  await setStock("main", onlyKoramangala.id, 0);
  await setStock("koramangala", onlyKoramangala.id, 6);
  await setStock("main", scarce.id, 8);
  await setStock("koramangala", scarce.id, 1);
});

test.describe.configure({ timeout: 120_000 });

let ip = "";
test.beforeEach(async ({ page }) => {
  ip = `10.${[...randomBytes(3)].join(".")}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
});

/** What the location sheet leaves behind: the chosen pincode in the location cookie. */
async function chooseLocation(context: BrowserContext, baseURL: string, pincode: string) {
  await context.addCookies([
    { name: LOCATION_COOKIE, value: encodeURIComponent(serializeLocation({ pincode })), url: baseURL },
  ]);
}

/**
 * The product page's own ADD: on a phone the sticky buy bar repeats it (same name) once the page's ADD scrolls out of
 * sight, which can happen for a moment while the page settles.
 */
const pageAdd = (page: Page, product: Product) =>
  page
    .getByRole("main")
    .getByRole("button", { name: `Add ${product.name} to cart` })
    .and(page.getByTestId("add-to-cart"));

async function expectOutOfStock(page: Page, product: Product) {
  await page.goto(productPath(product.name, product.id));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(product.name);
  await expect(main.getByText("Out of Stock", { exact: true })).toBeVisible();
  await expect(pageAdd(page, product)).toHaveCount(0);
}

async function expectInStock(page: Page, product: Product) {
  await page.goto(productPath(product.name, product.id));
  const main = page.getByRole("main");
  await expect(pageAdd(page, product)).toBeVisible();
  await expect(main.getByText("Out of Stock", { exact: true })).toHaveCount(0);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a product out of stock at one store shows Out of stock only there", async ({
      page,
      context,
      baseURL,
    }) => {
      await chooseLocation(context, baseURL!, KORAMANGALA_PIN);
      await expectOutOfStock(page, onlyMain);
      await expectInStock(page, onlyKoramangala);

      // in search results too, sorted after what is in stock there
      await page.goto(`/search?q=${encodeURIComponent(onlyMain.name)}`);
      const card = page.getByTestId("product-card").filter({ hasText: onlyMain.name }).first();
      await expect(card).toContainText("Out of stock");

      await chooseLocation(context, baseURL!, MAIN_PIN);
      await expectInStock(page, onlyMain);
      await expectOutOfStock(page, onlyKoramangala);
      await page.goto(`/search?q=${encodeURIComponent(onlyMain.name)}`);
      const atMain = page.getByTestId("product-card").filter({ hasText: onlyMain.name }).first();
      await expect(atMain.getByRole("button", { name: `Add ${onlyMain.name} to cart` })).toBeVisible();
    });

    test("a cart line the new store cannot supply is flagged, kept out of the bill and holds checkout back", async ({
      page,
      context,
      baseURL,
    }) => {
      await chooseLocation(context, baseURL!, MAIN_PIN);
      await page.goto(productPath(scarce.name, scarce.id));
      const main = page.getByRole("main");
      // a cached page hydrates after its first paint, and the cart is read then: the steps below count on the cart
      // the page read (ADD itself waits, disabled, until React runs it)
      await new CartDrawer(page).ready();
      await pageAdd(page, scarce).click();
      const increase = main.getByRole("button", { name: `Increase quantity of ${scarce.name}` });
      await increase.click();
      await expect(main.getByTestId("cart-quantity-value")).toHaveText(/2$/);
      await increase.click();
      await expect(main.getByTestId("cart-quantity-value")).toHaveText(/3$/);

      await page.goto("/cart");
      const line = page.getByTestId("cart-line").filter({ hasText: scarce.name });
      await expect(line.getByTestId("cart-quantity-value")).toHaveText(/3$/);
      await expect(line.getByTestId("cart-line-notice")).toHaveCount(0);
      const proceed = page.getByTestId("cart-proceed");
      await expect(proceed).toBeEnabled();
      const billedAtMain = await page.getByTestId("bill-grand-total").textContent();

      // the shopper moves to Koramangala, which has 1 of it, with the header's location sheet (no reload)
      await page.getByRole("banner").getByTestId("header-location").click();
      const sheet = page.getByTestId("location-sheet");
      await sheet
        .getByRole("form", { name: "Deliver to a pincode" })
        .getByLabel("Pincode", { exact: true })
        .fill(KORAMANGALA_PIN);
      await sheet.getByRole("button", { name: "Check", exact: true }).click();
      await expect(sheet).toBeHidden();
      await expect(line.getByTestId("cart-line-notice")).toContainText(
        "Only 1 left at Koramangala — reduce to 1 to continue",
      );
      await expect(line.getByTestId("cart-line-notice")).toContainText("Not included in the total");
      await expect(proceed).toBeDisabled();
      await expect(page.getByTestId("cart-blocked-reason")).toHaveText(
        "1 item in your cart is not available in that quantity here. Remove or reduce it to check out.",
      );
      await expect(page.getByTestId("bill-grand-total")).toContainText("₹0");
      expect(billedAtMain).not.toContain("₹0");

      // reducing it to what the store has settles it
      const decrease = line.getByRole("button", { name: `Decrease quantity of ${scarce.name}` });
      await decrease.click();
      await expect(line.getByTestId("cart-quantity-value")).toHaveText(/2$/);
      await expect(proceed).toBeDisabled();
      await decrease.click();
      await expect(line.getByTestId("cart-quantity-value")).toHaveText(/1$/);
      await expect(line.getByTestId("cart-line-notice")).toHaveCount(0);
      await expect(page.getByTestId("cart-blocked-reason")).toHaveCount(0);
      await expect(proceed).toBeEnabled();
      await expect(page.getByTestId("bill-grand-total")).not.toContainText("₹0");
    });

    test("signed in: the server's cart is re-checked at the new store and checkout waits for the flagged line", async ({
      page,
      context,
      baseURL,
    }) => {
      const user = newUser("stores");
      await registerViaApi(page.request, user, ip);
      await chooseLocation(context, baseURL!, MAIN_PIN);
      const path = productPath(onlyMain.name, onlyMain.id);
      const login = new LoginPage(page);
      await login.goto(path);
      await login.login(user.email, user.password);
      await expect(page).not.toHaveURL(/\/login/, { timeout: 60_000 });
      await new CartDrawer(page).ready();
      await pageAdd(page, onlyMain).click();
      await expect(page.getByRole("main").getByTestId("cart-quantity-value")).toHaveText(/1$/);
      // the server's answer (the cart shows the change before it): leaving the page earlier could cancel the call
      await expect(page.getByText("Item added to cart")).toBeVisible();

      await chooseLocation(context, baseURL!, KORAMANGALA_PIN);
      await page.goto("/checkout");
      await expect(page.getByTestId("checkout-line-notice")).toContainText(
        "Out of stock at Koramangala — remove it to continue",
      );
      await expect(page.getByTestId("checkout-blocked-reason")).toBeVisible();
      await expect(page.getByRole("button", { name: "Cash on Delivery" })).toBeDisabled();

      await page.goto("/cart");
      const line = page.getByTestId("cart-line").filter({ hasText: onlyMain.name });
      await expect(line.getByTestId("cart-line-notice")).toContainText(
        "Out of stock at Koramangala — remove it to continue",
      );
      await expect(page.getByTestId("cart-proceed")).toBeDisabled();
      await line.getByRole("button", { name: `Decrease quantity of ${onlyMain.name}` }).click();
      await expect(page.getByTestId("cart-empty")).toBeVisible();
    });
  });
}
