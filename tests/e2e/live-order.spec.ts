import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, signIn } from "./pages/admin-auth";
import { query } from "./support/db";
import { shopperWithCashOrder } from "./support/orders-api";
import { adminApi } from "./support/shop-api";

// Issue 17, live tracking: the shopper's order page (a phone) and the admin's board (a laptop, another browser)
// follow the order as the store moves it, without a reload; the rider moves on the offline route sketch.

test("the shopper's order page and the admin board move live as the store moves the order", async ({
  browser,
  request,
}) => {
  // two browsers and a shopper made from scratch: more than the default 45 s on a loaded 2-core machine
  test.setTimeout(120_000);
  const { shopper, orderId, ip } = await shopperWithCashOrder(request, { tag: "live" });
  const admin = await adminApi(request, ip);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const shopperPage = await phone.newPage();
    await signIn(shopperPage, shopper);
    await shopperPage.goto(`/dashboard/myorders/${orderId}`);
    await expect(shopperPage.getByTestId("live-state")).toHaveText("Live");
    // a marker that a reload would wipe: every change below must arrive without one
    await shopperPage.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const board = await laptop.newPage();
    await signIn(board, DEMO_ADMIN);
    await board.goto("/dashboard/orders");
    await expect(board.getByTestId("live-state")).toHaveText("Live");
    await board.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const card = board.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
    await expect(card).toContainText("Placed");

    const timeline = shopperPage.getByTestId("order-timeline");
    const step = (label: string) => timeline.locator("li").filter({ hasText: label });
    await expect(step("Packed")).toContainText("—");

    // the store packs it (REST, as another admin tool would): both screens follow
    expect((await admin.setStatus(orderId, "PACKED")).ok()).toBe(true);
    await expect(step("Packed")).not.toContainText("—");
    await expect(card).toContainText("Packed");

    expect((await admin.setStatus(orderId, "OUT_FOR_DELIVERY")).ok()).toBe(true);
    await expect(shopperPage.getByTestId("order-detail")).toContainText("Out for delivery");
    await expect(shopperPage.getByTestId("route-sketch")).toBeVisible();
    // MAP_TILE_URL is set for the tests (playwright.config.ts): the real map draws its tiles above the sketch
    const map = shopperPage.getByTestId("tile-map");
    await expect(map).toBeVisible();
    await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible({ timeout: 15_000 });
    await expect(map.locator(".leaflet-control-attribution")).toContainText("Test tiles");

    // the rider shares a position halfway between the MG Road store and the door: the sketch and distance move
    const [order] = await query<{ id: string; lat: number; lng: number }>(
      `SELECT o.id, s.lat, s.lng FROM "Order" o JOIN "Store" s ON s.id = o."storeId" WHERE o."orderNumber" = $1`,
      [orderId],
    );
    const [pin] = await query<{ lat: number; lng: number }>(
      `SELECT lat, lng FROM "Pincode" WHERE code = '560001'`,
    );
    const mid = { lat: (order!.lat + pin!.lat) / 2 + 0.002, lng: (order!.lng + pin!.lng) / 2 + 0.002 };
    await query(
      `WITH e AS (INSERT INTO "OrderEvent" ("orderId", kind, data) VALUES ($1, 'position', $2::jsonb) RETURNING id)
       SELECT pg_notify('kwikmart_order_events', $1 || ':position') FROM e`,
      [order!.id, JSON.stringify(mid)],
    );
    await expect(shopperPage.getByTestId("rider-distance")).toContainText(
      /Your rider is [\d.]+ (km|m) away, about \d+ minutes?/,
    );
    await expect(shopperPage.getByTestId("rider-dot")).toBeVisible();
    // on the map too: the rider's circle joins the store's and the door's
    await expect(map.locator("path.leaflet-interactive")).toHaveCount(4);

    expect(await shopperPage.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await board.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  } finally {
    await admin.finish(orderId);
    await phone.close();
    await laptop.close();
  }
});
