import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, signIn } from "./pages/admin-auth";
import { AdminProductListPage } from "./pages/admin-catalog-pages";
import { freshIp } from "./support/orders-api";

// Issue 16, "Stock per store": an admin opens a store's stock from the Stores list, sets a quantity inline, filters
// to low stock, and imports a CSV: a file with a bad line is refused whole with the line named, a good one applies.
// The store is made here and serves no place (a 0.2 km circle outside the city), so the other tests never see it.

test("an admin sets, filters and imports a store's stock on a phone", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const ip = freshIp();
  const login = await request.post("/api/user/login", {
    data: DEMO_ADMIN,
    headers: { "x-forwarded-for": ip },
  });
  const token = ((await login.json()) as { data: { accesstoken: string } }).data.accesstoken;
  const headers = { authorization: `Bearer ${token}`, "x-forwarded-for": ip };
  const name = `Stock Screen ${randomInt(1e6)}`;
  const created = await request.post("/api/store/create", {
    headers,
    data: {
      name,
      area: "Outskirts",
      address: "2 Test Road",
      lat: 12.8,
      lng: 77.4,
      radiusKm: 0.2,
      pickers: 1,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const storeId = ((await created.json()) as { data: { _id: string } }).data._id;
  const shelf = async (search: string) =>
    (
      (await (
        await request.get(`/api/store/stock?storeId=${storeId}&search=${encodeURIComponent(search)}`, {
          headers,
        })
      ).json()) as {
        data: { productId: string; name: string; stock: number }[];
      }
    ).data;
  try {
    const [milk, curd] = (await shelf("Milk")).slice(0, 2);
    await signIn(page, DEMO_ADMIN);
    await page.goto("/dashboard/stores");
    await page.getByRole("link", { name: `Stock of ${name}` }).click();
    await expect(page.getByRole("heading", { name: `Stock at ${name}`, level: 1 })).toBeVisible();

    // inline: a new store has nothing; set one product to 20
    await page.getByLabel("Product", { exact: true }).fill(milk!.name);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.locator(`[data-testid="stock-row"][data-product-id="${milk!.productId}"]`);
    await expect(row).toContainText("out of stock");
    await row.getByLabel(`Stock of ${milk!.name}`).fill("20");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`${milk!.name}: 20 in stock`)).toBeVisible();
    await expect(row.getByRole("button", { name: "Save" })).toBeDisabled();
    await row.getByLabel(`Stock of ${milk!.name}`).fill("ten");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(row.getByRole("alert")).toContainText("stock must be a whole number");
    expect((await shelf(milk!.name)).find((r) => r.productId === milk!.productId)?.stock).toBe(20);

    // low stock: the 20 are not low, the untouched product is
    await page.getByLabel("Product", { exact: true }).fill("Milk");
    await page.getByLabel(/Low stock only/).check();
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/low=1/);
    await expect(page.locator(`[data-product-id="${milk!.productId}"]`)).toHaveCount(0);
    await expect(page.locator(`[data-product-id="${curd!.productId}"]`)).toBeVisible();

    // import: one bad line refuses the whole file and names the line; a good file applies
    const upload = page.getByText("Import CSV");
    // the filter above loaded the page anew: the input takes files once React runs it
    await expect(page.locator('input[type="file"]')).toHaveAttribute("data-ready", "true");
    await page.locator('input[type="file"]').setInputFiles({
      name: "stock.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`product_id,stock\n${curd!.productId},3\n${milk!.productId},many\n`),
    });
    const problems = page.getByTestId("import-problems");
    await expect(problems).toContainText("Nothing was imported");
    await expect(problems).toContainText(`line 3 (${milk!.productId}): stock must be a whole number`);
    expect((await shelf(curd!.name)).find((r) => r.productId === curd!.productId)?.stock).toBe(0);
    await page.locator('input[type="file"]').setInputFiles({
      name: "stock.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`product_id,stock\n${curd!.productId},3\n${milk!.productId},25\n`),
    });
    await expect(page.getByText("Stock imported: 2 products changed, 0 unchanged")).toBeVisible();
    await expect(problems).toHaveCount(0);
    await expect(upload).toBeVisible();
    await expect(page.locator(`[data-product-id="${curd!.productId}"]`)).toContainText("low");
    expect((await shelf(milk!.name)).find((r) => r.productId === milk!.productId)?.stock).toBe(25);

    // the product form lists the product's stock at every store, this one included
    const products = new AdminProductListPage(page);
    await products.goto();
    await products.search.fill(milk!.name);
    await products
      .card(milk!.name)
      .first()
      .getByRole("button", { name: /^Edit / })
      .click();
    const perStore = products.editDialog.getByTestId("product-store-stock");
    await expect(perStore.getByRole("listitem").filter({ hasText: name })).toContainText("25");
    await page.keyboard.press("Escape");

    // the export is the same shelf as a file
    const exported = await page.request.get(`/api/store/stock/export?storeId=${storeId}`);
    expect(exported.headers()["content-type"]).toMatch(/text\/csv/);
    expect(await exported.text()).toContain(`${curd!.productId},`);
  } finally {
    await request.delete("/api/store/delete", { headers, data: { _id: storeId } });
  }
});
