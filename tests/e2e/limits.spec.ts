import { expect, test } from "@playwright/test";
import { freshIp } from "./support/orders-api";
import { productUrl, stockedProducts } from "./support/shop-api";
import { DEMO_ADMIN } from "./pages/admin-auth";

// Issue 21 item 4, limits speak: on a phone a tooltip never shows and a disabled button cannot be tapped to ask, so
// tapping + at the limit says it by the stepper ("Max 10 per order", "Only 3 left") and reads it out; a product
// with few left says so on its page and card before anyone taps.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("tapping + at the per-line cap says Max 10 per order", async ({ page, request }) => {
  const [product] = await stockedProducts(request, 1, { page: 11 });
  await page.goto(productUrl(product!));
  await page
    .getByRole("button", { name: `Add ${product!.name} to cart` })
    .first()
    .tap();
  const increase = page.getByRole("button", { name: `Increase quantity of ${product!.name}` }).first();
  for (let i = 2; i <= 10; i++) {
    await increase.tap();
    await expect(page.getByTestId("cart-quantity-value").first()).toContainText(String(i));
  }
  await increase.tap();
  const limit = page.getByTestId("cart-limit").first();
  await expect(limit).toHaveText("Max 10 per order");
  await expect(limit).toHaveAttribute("role", "status");
  await expect(page.getByTestId("cart-quantity-value").first()).toContainText("10");
});

test("a product with few left says so, and + at its stock says Only 3 left", async ({ page, request }) => {
  const ip = freshIp();
  const [product] = await stockedProducts(request, 1, { page: 12 });
  const login = await request.post("/api/user/login", {
    data: DEMO_ADMIN,
    headers: { "x-forwarded-for": ip },
  });
  const token = ((await login.json()) as { data: { accesstoken: string } }).data.accesstoken;
  const headers = { authorization: `Bearer ${token}`, "x-forwarded-for": ip };
  const setStock = (stock: number) =>
    request.put("/api/store/stock", {
      headers,
      data: { storeId: "main", items: [{ productId: product!._id, stock }] },
    });
  // through 0 and back, so the cached product page is renewed at once (it is when stock reaches or leaves 0)
  expect((await setStock(0)).ok()).toBe(true);
  expect((await setStock(3)).ok()).toBe(true);
  try {
    await page.goto(productUrl(product!));
    await expect(page.getByTestId("few-left").first()).toHaveText("Only 3 left");
    await page
      .getByRole("button", { name: `Add ${product!.name} to cart` })
      .first()
      .tap();
    const increase = page.getByRole("button", { name: `Increase quantity of ${product!.name}` }).first();
    await increase.tap();
    await increase.tap();
    await expect(page.getByTestId("cart-quantity-value").first()).toContainText("3");
    await increase.tap();
    await expect(page.getByTestId("cart-limit").first()).toHaveText("Only 3 left");
    await expect(page.getByTestId("cart-quantity-value").first()).toContainText("3");
  } finally {
    await setStock(product!.stock);
  }
});
