import { expect, test } from "@playwright/test";
import { HomePage } from "./pages/home-page";
import { ListingPage } from "./pages/listing-page";
import { PartnerDialog } from "./pages/partner-dialog";
import { ProductPage } from "./pages/product-page";
import { SearchPage } from "./pages/search-page";

// Seed ids (prisma/seed is deterministic, so these are stable on every fresh database):
// - cat01 "Dairy, Bread & Eggs"; its sub-categories sorted by name start with sub004 "Bread & Buns";
//   sub001 "Milk" has more than 16 products.
// - prd00002 "Pailful Full Cream Milk": ₹65 with a 30% discount (₹45), in stock.
// - prd00081 "Cowbell Creek Double Toned Milk": stock 0, no discount.
const DAIRY = "Dairy, Bread & Eggs";
const MILK_LISTING = "/Dairy-Bread-Eggs-cat01/Milk-sub001";
const DISCOUNTED = { path: "/product/Pailful-Full-Cream-Milk-prd00002", name: "Pailful Full Cream Milk" };
const OUT_OF_STOCK = { path: "/product/Cowbell-Creek-Double-Toned-Milk-prd00081", name: "Cowbell Creek Double Toned Milk" };
const LISTING_API = "**/api/product/get-product-by-category-and-subcategory";

test.describe("home", () => {
  test("shows the categories and one product row per category", async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    // at least the seed's 15 (admin tests running beside this suite may add more)
    await expect.poll(() => home.categoryTiles.count()).toBeGreaterThanOrEqual(15);
    await expect(home.categoryTiles.filter({ hasText: DAIRY })).toHaveAttribute(
      "href",
      "/Dairy-Bread-Eggs-cat01/Bread-Buns-sub004",
    );
    // rows further down fetch their cards as the shopper scrolls to them
    await home.scrollThroughRows();
    await expect.poll(() => home.rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(15);
    await expect(home.row(DAIRY).getByTestId("product-card").first()).toBeVisible();
    await expect(home.row(DAIRY).getByTestId("product-card").first()).toContainText("10 min");
  });

  test("a row's right arrow scrolls it by 200 px and the left arrow back", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const home = new HomePage(page);
    await home.goto();
    await home.rowReady(DAIRY);
    await home.row(DAIRY).scrollIntoViewIfNeeded();
    expect(await home.scrollLeftOf(DAIRY)).toBe(0);

    await home.rightArrow(DAIRY).click();
    await expect.poll(() => home.scrollLeftOf(DAIRY)).toBeGreaterThanOrEqual(195);
    await page.waitForTimeout(500); // let the smooth scroll settle
    expect(Math.abs((await home.scrollLeftOf(DAIRY)) - 200)).toBeLessThanOrEqual(2);

    await home.leftArrow(DAIRY).click();
    await expect.poll(() => home.scrollLeftOf(DAIRY)).toBeLessThanOrEqual(2);
  });

  test("See All opens the category's listing with the sub-category name as heading", async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.seeAll(DAIRY).click();
    // the category's first sub-category by name: Bread & Buns in the seed
    await expect(page).toHaveURL(/\/Dairy-Bread-Eggs-cat01\/Bread-Buns-sub004$/, { timeout: 20_000 });
    const listing = new ListingPage(page);
    await expect(listing.heading).toHaveText("Bread & Buns");
    await expect(listing.activeSubCategory()).toContainText("Bread & Buns");
    await expect(listing.subCategoryNav.getByRole("link").first()).toHaveAttribute("aria-current", "page");
    await expect(listing.cards.first()).toBeVisible();
  });
});

test.describe("sub-category listing", () => {
  test("scrolling to the bottom appends the next page (8 → 16 cards)", async ({ page }) => {
    // hold page 2 until page 1 has been counted, and page 3 until page 2 has (on a wide screen 16 cards do not
    // fill it, so page 3 is asked for at once), whatever the screen size
    let release!: () => void;
    let releaseMore!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const later = new Promise<void>((resolve) => (releaseMore = resolve));
    let calls = 0;
    await page.route(LISTING_API, async (route) => {
      await (calls++ === 0 ? gate : later);
      await route.continue();
    });

    const listing = new ListingPage(page);
    await listing.goto(MILK_LISTING);
    await expect(listing.heading).toHaveText("Milk");
    await expect(listing.cards).toHaveCount(8);

    await listing.scrollToBottom();
    await expect(listing.loader).toBeVisible();
    release();
    await expect(listing.cards).toHaveCount(16);
    releaseMore();
  });

  test("the sort select orders by price and is kept in ?sort=", async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.goto(MILK_LISTING);
    await listing.sortSelect.selectOption("price_asc");
    await expect(page).toHaveURL(/\?sort=price_asc$/);
    await expect(listing.sortSelect).toHaveValue("price_asc");
    await expect(listing.cards).toHaveCount(8);
    const prices = await listing.prices();
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test("a wrong name with the right ids redirects to the canonical URL", async ({ page }) => {
    const response = await page.goto("/dairy-cat01/whatever-sub001?sort=discount");
    expect(response?.status()).toBe(200);
    const original = response?.request().redirectedFrom();
    expect(original?.url()).toContain("/dairy-cat01/whatever-sub001");
    expect((await original?.response())?.status()).toBe(308);
    await expect(page).toHaveURL(/\/Dairy-Bread-Eggs-cat01\/Milk-sub001\?sort=discount$/);
    await expect(new ListingPage(page).heading).toHaveText("Milk");
  });

  test("an unknown id or a sub-category of another category is a 404", async ({ page }) => {
    expect((await page.goto("/Dairy-Bread-Eggs-cat01/Milk-sub999"))?.status()).toBe(404);
    expect((await page.goto("/Fruits-Vegetables-cat02/Milk-sub001"))?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Go To Home" })).toBeVisible();
  });
});

test.describe("product page", () => {
  test("a discounted product shows the struck price and n% Discount", async ({ page }) => {
    const product = new ProductPage(page);
    await product.goto(DISCOUNTED.path);
    await expect(product.name).toHaveText(DISCOUNTED.name);
    await expect(product.price).toHaveText("₹45");
    await expect(product.originalPrice).toContainText("₹65");
    expect(await product.originalPrice.evaluate((el) => el.tagName)).toBe("S");
    await expect(product.discount).toHaveText("30% Discount");
    await expect(page.getByText("10 Min", { exact: true })).toBeVisible();
    await expect(product.addButton).toBeVisible();
    for (const blurb of ["Superfast delivery", "Best prices and offers", "A wide assortment of 5000+ products"]) {
      await expect(page.getByRole("main").getByText(blurb, { exact: true })).toBeVisible();
    }
    await expect(product.breadcrumb.getByRole("link", { name: DAIRY })).toBeVisible();
    await expect(page).toHaveTitle(/Pailful Full Cream Milk 1 L/);

    const data = await product.structuredData();
    expect(data).toMatchObject({
      "@type": "Product",
      name: DISCOUNTED.name,
      sku: "prd00002",
      offers: { price: "45.00", priceCurrency: "INR", availability: "https://schema.org/InStock" },
    });
  });

  test("a product with no stock shows Out of Stock instead of the add control", async ({ page }) => {
    const product = new ProductPage(page);
    await product.goto(OUT_OF_STOCK.path);
    await expect(product.name).toHaveText(OUT_OF_STOCK.name);
    await expect(product.outOfStock).toBeVisible();
    await expect(product.addButton).toHaveCount(0);
    await expect(product.discount).toHaveCount(0);
  });

  test("the gallery switches pictures from the thumbnails", async ({ page }) => {
    const product = new ProductPage(page);
    await product.goto(DISCOUNTED.path);
    const second = product.thumbnails.getByRole("button", { name: "Picture 2 of 2" });
    await second.click();
    await expect(second).toHaveAttribute("aria-pressed", "true");
    await expect(product.gallery.getByRole("img", { name: /picture 2 of 2/ })).toBeVisible();
  });

  test("a wrong slug redirects, an unknown id is a 404", async ({ page }) => {
    await page.goto("/product/milk-prd00002");
    await expect(page).toHaveURL(new RegExp(`${DISCOUNTED.path}$`));
    expect((await page.goto("/product/nothing-prd99999"))?.status()).toBe(404);
  });
});

test.describe("search", () => {
  test("what a shopper types before the page has loaded its scripts is searched for", async ({ page }) => {
    // Hold the page's JavaScript back: the server's input is already on screen and focused (autofocus).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/search", { waitUntil: "domcontentloaded" });
    const search = new SearchPage(page);
    await expect(search.input).toBeFocused();
    await page.keyboard.type("panner");
    release();

    await expect(page).toHaveURL(/\/search\?q=panner$/, { timeout: 20_000 });
    await expect(search.input).toHaveValue("panner");
    await expect(search.heading).toHaveText("Showing results for “panner”");
  });

  test("while a new search loads, its heading and 10 card skeletons stand in for the results", async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto("milk");
    await expect(search.cards.first()).toBeVisible();
    await expect(page.getByTestId("product-grid")).toHaveAttribute("data-ready", "true");

    // hold the server's answer for the new term
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/search\?q=bread/, async (route) => {
      await gate;
      await route.continue();
    });
    await search.input.fill("bread");
    await expect(search.heading).toHaveText("Showing results for “bread”");
    await expect(page.getByTestId("product-card-skeleton")).toHaveCount(10);
    await expect(search.cards).toHaveCount(0);

    release();
    await expect(search.cards.first()).toBeVisible();
    await expect(page.getByTestId("product-card-skeleton")).toHaveCount(0);
    await expect(search.cards.filter({ hasText: /bread/i }).first()).toBeVisible();
  });

  test("typing a misspelt word finds the product (panner → Paneer)", async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto();
    await search.search("panner");
    await expect(page).toHaveURL(/\/search\?q=panner$/);
    await expect(search.heading).toHaveText("Showing results for “panner”");
    await expect(search.cards.filter({ hasText: /Paneer/ }).first()).toBeVisible();
    await expect(search.count).toHaveText(/^\d+ products?$/);
  });

  test("more results are appended on scroll", async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto("milk");
    await expect(search.cards).toHaveCount(10);
    await search.scrollToBottom();
    // page 2 is appended (and page 3 too when the loader is still in view after it): whole pages of 10
    await expect.poll(() => search.cards.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    expect((await search.cards.count()) % 10).toBe(0);
  });

  test("an empty query shows suggestions; a query with no match says so", async ({ page }) => {
    const search = new SearchPage(page);
    await search.goto();
    await expect(search.suggestions.first()).toBeVisible();
    await expect(search.suggestions.filter({ hasText: /^milk$/i })).toHaveAttribute("href", "/search?q=milk");

    await search.goto("qqqzzzxxx");
    await expect(search.heading).toHaveText("No results for “qqqzzzxxx”");
    await expect(search.suggestions.first()).toBeVisible();
  });
});

test.describe("delivery-partner application", () => {
  test("rejects an empty form without calling the server", async ({ page }) => {
    const calls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/delivery-partner/register")) calls.push(r.url());
    });
    const home = new HomePage(page);
    await home.goto();
    await home.partnerButton.click();
    const dialog = new PartnerDialog(page);
    await expect(dialog.dialog).toBeVisible();
    await expect(dialog.name).toBeFocused();

    await dialog.submit.click();
    await expect(dialog.inlineError).toHaveText("Name and phone are required");
    await expect(dialog.toast("Name and phone are required")).toBeVisible();
    expect(calls).toEqual([]);
  });

  test("rejects an invalid phone; Escape closes and gives focus back", async ({ page }) => {
    const calls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/delivery-partner/register")) calls.push(r.url());
    });
    const home = new HomePage(page);
    await home.goto();
    await home.partnerButton.click();
    const dialog = new PartnerDialog(page);

    await dialog.fill({ name: "Ravi Kumar", phone: "12345" });
    await dialog.submit.click();
    await expect(dialog.inlineError).toContainText("Enter a valid 10-digit mobile number");
    expect(calls).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(dialog.dialog).toBeHidden();
    await expect(home.partnerButton).toBeFocused();
  });

  test("accepts a valid application, then refuses the same phone again", async ({ page }) => {
    const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
    const home = new HomePage(page);
    await home.goto();

    await home.partnerButton.click();
    const dialog = new PartnerDialog(page);
    await dialog.fill({ name: "Asha Verma", phone: `+91 ${phone}`, vehicle: "Scooter" });
    await dialog.submit.click();
    await expect(dialog.toast(/Thank you for registering/)).toBeVisible();
    await expect(dialog.dialog).toBeHidden();

    await home.partnerButton.click();
    await expect(dialog.name).toHaveValue("");
    await dialog.fill({ name: "Asha Verma", phone });
    await dialog.submit.click();
    const duplicate = "A delivery partner with this phone number is already registered";
    await expect(dialog.inlineError).toHaveText(duplicate);
    await expect(dialog.toast(duplicate)).toBeVisible();
    await expect(dialog.dialog).toBeVisible();
  });
});
