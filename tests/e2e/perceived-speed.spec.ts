import { expect, test, type Page } from "@playwright/test";
import { ListingPage } from "./pages/listing-page";
import { ProductPage } from "./pages/product-page";
import { findProduct, productUrl } from "./support/shop-api";
import { layoutShift } from "./support/layout-shift";

// Issue 7 item 5 (perceived speed): product cards are client-side links that Next prefetches when they scroll
// into view, so opening a product feels instant; and nothing jumps when pictures arrive (every image has a
// size or sits in a box of fixed proportions).

// several full page loads each on a machine that may be busy
test.describe.configure({ timeout: 120_000 });

/** Loads every <img> on the page now (lazy ones too) and waits for them, so late pictures had their chance to shift. */
async function imagesDone(page: Page) {
  await page.evaluate(() => {
    const pending = Array.from(document.images).map((img) => {
      img.loading = "eager";
      return img.complete
        ? null
        : new Promise((done) => {
            img.addEventListener("load", done, { once: true });
            img.addEventListener("error", done, { once: true });
          });
    });
    return Promise.race([Promise.all(pending), new Promise((done) => setTimeout(done, 15_000))]);
  });
}

test("product cards on a listing are prefetched links to the product pages", async ({ page }) => {
  const prefetched: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/product/") && request.headers()["rsc"] === "1") prefetched.push(url.pathname);
  });
  const listing = new ListingPage(page);
  await listing.goto("/Dairy-Bread-Eggs-cat01/Milk-sub001");
  const first = listing.cards.first().getByRole("link");
  const href = (await first.getAttribute("href"))!;
  expect(href).toMatch(/^\/product\/.+-prd\d+$/);
  // Next prefetches links in the viewport once the page is idle: no click needed
  await expect.poll(() => prefetched.includes(href), { timeout: 20_000 }).toBe(true);

  // following it is a client-side navigation: the document is not loaded again
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await first.click();
  await expect(new ProductPage(page).name).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});

test("pictures arriving shift nothing on the home page, a listing and a product page", async ({ page }) => {
  const product = await findProduct(page.request, (p) => p.stock > 0 && p.image.length > 1);
  for (const path of ["/", "/Dairy-Bread-Eggs-cat01/Milk-sub001", productUrl(product!)]) {
    await page.goto(path);
    await page.waitForLoadState("load");
    await imagesDone(page);
    expect(await layoutShift(page), `layout shift on ${path}`).toBeLessThan(0.05);
  }
});
