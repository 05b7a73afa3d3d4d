import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, signIn } from "./pages/admin-auth";
import { shopperWithCashOrder } from "./support/orders-api";
import { adminApi } from "./support/shop-api";

// Issue 21 item 11: on a phone the admin's orders board is a list of cards, each with its status, total, partner
// and next action in reach without scrolling sideways; an admin marks an order packed at 390 px. The board also
// shows the delivery promise per store (issue 16).

test("an admin marks an order packed on a 390 px phone, without scrolling sideways", async ({
  page,
  request,
}) => {
  const { orderId, ip } = await shopperWithCashOrder(request, { tag: "board" });
  const admin = await adminApi(request, ip);

  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_ADMIN);
    await page.goto("/dashboard/orders");
    await expect(page.getByTestId("promise-stats")).toBeVisible();
    const card = page.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
    await expect(card).toContainText("Placed");
    const packed = card.getByRole("button", { name: "Mark packed" });
    await packed.scrollIntoViewIfNeeded();
    for (const target of [card, packed, card.getByRole("button", { name: "Cancel" })]) {
      const box = (await target.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect((await packed.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // the page itself never scrolls sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await packed.click();
    await expect(card).toContainText("Packed");
    await expect(
      card.getByRole("button", { name: "Out for delivery" }).or(card.getByText("Waiting for a partner")),
    ).toBeVisible();

    // filtered by store: the order is under its own store (560001: the default store), not under another
    const stores = (await (await request.get("/api/store/list")).json()) as {
      data: { _id: string; name: string }[];
    };
    const main = stores.data.find((s) => s._id === "main")!;
    await expect(card.getByTestId("order-store")).toContainText(main.name);
    await expect(card.getByTestId("order-store")).toContainText(/promised \d+ min/);
    const byStore = page.getByRole("navigation", { name: "Filter by store" });
    await byStore.getByRole("link", { name: stores.data.find((s) => s._id === "koramangala")!.name }).click();
    await expect(page).toHaveURL(/store=koramangala/);
    await expect(card).toHaveCount(0);
    await byStore.getByRole("link", { name: main.name }).click();
    await expect(card).toBeVisible();
  } finally {
    await admin.finish(orderId);
  }
});
