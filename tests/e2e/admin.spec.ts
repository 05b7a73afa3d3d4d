import { randomInt } from "node:crypto";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN_PATHS, DEMO_ADMIN, DEMO_SHOPPER, signIn } from "./pages/admin-auth";
import {
  AdminCategoryPage,
  AdminProductListPage,
  AdminSubCategoryPage,
  AdminUploadProductPage,
  toast,
  type UploadFile,
} from "./pages/admin-catalog-pages";
import { AdminPartnersPage } from "./pages/admin-partners-page";
import { ProductPage } from "./pages/product-page";

// The admin's journeys (spec §2, §4, §5) as the demo admin: a category with an image, a sub-category under it, a
// product with two images and a custom field, found through the admin search, repriced (and the shop's product
// page shows it at once), deleted; a delivery partner switched; and a shopper refused on every admin page.
// Names carry a timestamp so reruns against the same database do not collide.

// Admin screens fetch on the client after hydration: give a cold (dev) server time to answer.
const expect = baseExpect.configure({ timeout: 60_000 });

const stamp = `${Date.now().toString(36)}${randomInt(1000)}`;

async function png(label: string, color: { r: number; g: number; b: number }): Promise<UploadFile> {
  const buffer = await sharp({ create: { width: 320, height: 320, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name: `${label}.png`, mimeType: "image/png", buffer };
}

async function productIdByName(page: Page, name: string): Promise<string> {
  const res = await page.request.post("/api/product/get", { data: { page: 1, limit: 12, search: name } });
  const body = (await res.json()) as { data: { _id: string; name: string }[] };
  const hit = body.data.find((p) => p.name === name);
  expect(hit, `product ${name} listed`).toBeDefined();
  return hit!._id;
}

/** A computed CSS colour (rgb() or Tailwind 4's lab()) that reads as green. */
function isGreen(color: string): boolean {
  const n = (color.match(/-?[\d.]+/g) ?? []).map(Number);
  if (color.startsWith("lab(")) return (n[1] ?? 0) < -20 && (n[2] ?? 0) > 0;
  const [r = 0, g = 0, b = 0] = n;
  return g > r + 40 && g > b + 20;
}

const productPath = (name: string, id: string) => `/product/${name.trim().replace(/[\s,&]+/g, "-")}-${id}`;

test.describe("admin catalogue", () => {
  test.describe.configure({ mode: "serial", timeout: 300_000 });

  const category = `E2E Greens ${stamp}`;
  const subCategory = `E2E Leafy ${stamp}`;
  const product = `E2E Spinach ${stamp}`;

  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
  });

  test("adds a category with an uploaded image", async ({ page }) => {
    const admin = new AdminCategoryPage(page);
    await admin.goto();
    await expect(admin.heading).toBeVisible();
    await expect(admin.cards.first()).toBeVisible();

    // the Upload Image control waits for a name
    await admin.addButton.click();
    await expect(admin.dialog.getByTestId("image-input")).toBeDisabled();
    await admin.dialog.getByRole("button", { name: "Close" }).click();

    await admin.add(category, await png("greens", { r: 60, g: 170, b: 90 }));
    await expect(toast(page, "Category added")).toBeVisible();
    await expect(admin.dialog).toBeHidden();
    const card = admin.card(category);
    await expect(card).toBeVisible();
    await expect(card.getByRole("img")).toHaveAttribute("src", /^\/media\/uploads\/catalog\/[a-f0-9]{32}\.webp$|ufs\.sh/);

    // the same name in another case is refused with the server's message
    await admin.add(category.toUpperCase(), await png("dup", { r: 10, g: 10, b: 10 }));
    await expect(toast(page, "A category with this name already exists")).toBeVisible();
  });

  test("adds a sub-category under it", async ({ page }) => {
    const admin = new AdminSubCategoryPage(page);
    await admin.goto();
    await admin.add(subCategory, await png("leafy", { r: 90, g: 200, b: 120 }), category);
    await expect(toast(page, "Sub category added")).toBeVisible();
    await expect(admin.dialog).toBeHidden();
    const row = admin.row(subCategory);
    await expect(row).toBeVisible();
    await expect(row).toContainText(category);

    // the thumbnail opens a full-screen viewer
    await row.getByRole("button", { name: `View image of ${subCategory}` }).click();
    await expect(page.getByTestId("image-viewer")).toBeVisible();
    await page.getByRole("button", { name: "Close image" }).click();
    await expect(page.getByTestId("image-viewer")).toBeHidden();
  });

  test("uploads a product with two images and a custom field", async ({ page }) => {
    const upload = new AdminUploadProductPage(page);
    await upload.goto();
    // numbers are checked before anything is sent
    await upload.submit.click();
    await expect(page.getByText("Name is required").first()).toBeVisible();

    await upload.form.fill({
      name: product,
      description: "Tender baby spinach, washed and ready to cook.",
      images: [await png("spinach-1", { r: 20, g: 120, b: 40 }), await png("spinach-2", { r: 40, g: 140, b: 60 })],
      category,
      subCategory,
      unit: "250 g",
      stock: "25",
      price: "40",
      discount: "10",
      extra: { field: "Origin", value: "Nashik farms" },
    });
    await expect(upload.form.images).toHaveCount(2);
    await upload.submit.click();
    await expect(upload.successDialog).toBeVisible();
    const ok = upload.successDialog.getByRole("button", { name: "OK" });
    expect(isGreen(await ok.evaluate((el) => getComputedStyle(el).backgroundColor))).toBe(true);
    await ok.click();
    await expect(upload.successDialog).toBeHidden();
    // the form is cleared
    await expect(upload.form.field("Name")).toHaveValue("");
    await expect(upload.form.images).toHaveCount(0);
  });

  test("finds the product through the admin search, edits its price, and the shop shows it at once", async ({ page }) => {
    const list = new AdminProductListPage(page);
    await list.goto();
    await expect(list.pageIndicator).toHaveText(/^1\/\d+$/);
    await expect(list.previous).toBeDisabled();
    await list.search.fill(product);
    // the exact name comes first among whatever else the (typo-tolerant) search finds
    await expect(list.cards.first()).toContainText(product);
    await expect(list.card(product)).toHaveCount(1);
    await expect(list.card(product)).toContainText("250 g");
    await expect(list.pageIndicator).toHaveText(/^1\/\d+$/);

    await list.card(product).getByRole("button", { name: `Edit ${product}` }).click();
    const form = list.editForm();
    await expect(form.field("Origin")).toHaveValue("Nashik farms");
    await expect(form.images).toHaveCount(2);
    await form.field("Price").fill("123");
    await list.editDialog.getByRole("button", { name: "Update Product" }).click();
    await expect(toast(page, "Product updated")).toBeVisible();
    await expect(list.editDialog).toBeHidden();

    const id = await productIdByName(page, product);
    const shop = new ProductPage(page);
    await shop.goto(productPath(product, id));
    await expect(shop.name).toHaveText(product);
    // ₹123 less ceil(12.3) = ₹110, the original struck through
    await expect(shop.price).toHaveText("₹110");
    await expect(shop.originalPrice).toContainText("₹123");
    await expect(page.getByText("Nashik farms")).toBeVisible();
  });

  test("deletes the product, then the sub-category and the category", async ({ page }) => {
    const id = await productIdByName(page, product);
    const list = new AdminProductListPage(page);
    await list.goto();
    await list.search.fill(product);
    await expect(list.card(product)).toHaveCount(1);
    await list.card(product).getByRole("button", { name: `Delete ${product}` }).click();
    await expect(list.confirm).toContainText("Permanent Delete");
    await expect(list.confirm).toContainText("Are you sure want to delete permanent ?");
    await list.confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Product deleted")).toBeVisible();
    await expect(list.card(product)).toHaveCount(0);
    const gone = await page.goto(productPath(product, id));
    expect(gone?.status()).toBe(404);

    const subs = new AdminSubCategoryPage(page);
    await subs.goto();
    await subs.row(subCategory).getByRole("button", { name: `Delete ${subCategory}` }).click();
    await expect(subs.confirm).toContainText("Are you sure permanent delete ?");
    await subs.confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page, "Sub category deleted")).toBeVisible();
    await expect(subs.row(subCategory)).toHaveCount(0);

    const categories = new AdminCategoryPage(page);
    await categories.goto();
    await categories.delete(category);
    await expect(toast(page, "Category deleted")).toBeVisible();
    await expect(categories.card(category)).toHaveCount(0);
  });

  test("refuses to delete a category still in use and says why", async ({ page }) => {
    const categories = new AdminCategoryPage(page);
    await categories.goto();
    const first = categories.cards.first();
    const name = (await first.locator("p").textContent())!.trim();
    await categories.delete(name);
    await expect(toast(page, /^This category is used by \d+ sub-categor(y|ies) and \d+ products?; move them first$/)).toBeVisible();
    await expect(categories.card(name)).toBeVisible();
  });
});

test.describe("delivery partners", () => {
  test.describe.configure({ timeout: 120_000 });

  test("switching a partner toasts and updates the tiles", async ({ page }) => {
    const name = `E2E Rider ${stamp}`;
    const phone = `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
    const reg = await page.request.post("/api/delivery-partner/register", { data: { name, phone } });
    expect(reg.status()).toBe(201);

    await signIn(page, DEMO_ADMIN);
    const partners = new AdminPartnersPage(page);
    await partners.goto();
    await expect(partners.rows.first()).toBeVisible();
    const before = {
      total: await partners.tile("Total Partners"),
      available: await partners.tile("Available"),
      busy: await partners.tile("Busy"),
    };
    expect(before.available + before.busy).toBe(before.total);

    await partners.search.fill(name);
    await expect(partners.rows).toHaveCount(1);
    const row = partners.row(name);
    await expect(row).toContainText(/Partner #\d+/);
    await expect(row).toContainText(phone);
    await expect(row).toContainText("Not specified");
    await expect(partners.toggle(name)).toHaveText("Busy");

    await partners.toggle(name).click();
    await expect(toast(page, "Status updated to Available")).toBeVisible();
    await expect(partners.toggle(name)).toHaveText("Available");
    expect(await partners.tile("Available")).toBe(before.available + 1);
    expect(await partners.tile("Busy")).toBe(before.busy - 1);

    await partners.toggle(name).click();
    await expect(toast(page, "Status updated to Busy")).toBeVisible();
    await expect(partners.toggle(name)).toHaveText("Busy");
    expect(await partners.tile("Available")).toBe(before.available);

    await partners.search.fill(`no such partner ${stamp}`);
    await expect(partners.empty).toBeVisible();
  });
});

test.describe("as a shopper", () => {
  test.describe.configure({ timeout: 180_000 });

  test("every admin page says Do not have permission", async ({ page }) => {
    await signIn(page, DEMO_SHOPPER);
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await expect(page.getByText("Do not have permission", { exact: true }), path).toBeVisible();
      await expect(page.getByRole("button", { name: /Add Category|Add Sub Category|Submit/ })).toHaveCount(0);
    }
  });
});
