import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as detailsRoute } from "@/app/api/product/get-product-details/route";
import { invalidateCatalog, invalidateStoreStock } from "@/lib/catalog/cache";
import { DETAILS_TTL_MS } from "@/lib/catalog/details-cache";
import { prisma } from "@/lib/db";
import { call } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// Issue 19: the REST product details are kept a second per (product, store) (lib/catalog/details-cache.ts). What a
// client may see: stock at most a second old; a change the shop announces (a sale that empties a shelf, an admin's
// edit) at once; another store's answer untouched by one store's change.

const KORAMANGALA = "koramangala";
let productId = "";

async function setStock(storeId: string, stock: number) {
  await prisma.storeStock.upsert({
    where: { storeId_productId: { storeId, productId } },
    create: { storeId, productId, stock },
    update: { stock },
  });
}

async function details(storeId?: string) {
  const res = await call(detailsRoute, "POST", "/api/product/get-product-details", { productId, storeId });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { stock: number; price: number; name: string };
}

beforeAll(async () => {
  await installDemoStores();
  const suffix = randomUUID().slice(0, 8);
  const category = await prisma.category.create({
    data: { name: `Kept ${suffix}`, nameKey: `kept ${suffix}`, image: "/c.webp" },
  });
  productId = (
    await prisma.product.create({
      data: {
        name: `Kept Details ${suffix}`,
        images: ["/media/catalog/kept.webp"],
        unit: "1 pc",
        stock: 5,
        pricePaise: 10_000,
        description: "A product of the kept details tests.",
        categories: { create: [{ categoryId: category.id }] },
      },
      select: { id: true },
    })
  ).id;
  await setStock(KORAMANGALA, 7);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("product details over REST, kept a second", () => {
  it("answers stock at most a second old, and a change the shop announces at once", async () => {
    // the clock stands still until the test moves it, however slow the machine
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    expect((await details()).stock).toBe(5);
    expect((await details(KORAMANGALA)).stock).toBe(7);

    // a sale nobody announces (the shelf neither emptied nor down to a few): the kept answer, for up to a second
    await setStock("main", 4);
    await setStock(KORAMANGALA, 6);
    expect((await details()).stock).toBe(5);

    // the main store's shelf announced (an order emptied it, the stock screen): main's answer is fresh, Koramangala's kept
    invalidateStoreStock("main", productId);
    expect((await details()).stock).toBe(4);
    expect((await details(KORAMANGALA)).stock).toBe(7);

    // a second later every answer is read again
    vi.setSystemTime(Date.now() + DETAILS_TTL_MS);
    expect((await details(KORAMANGALA)).stock).toBe(6);
  });

  it("shows an admin's edit on the next call", async () => {
    expect((await details()).price).toBe(100);
    await prisma.product.update({ where: { id: productId }, data: { pricePaise: 12_300 } });
    invalidateCatalog("product", productId);
    expect((await details()).price).toBe(123);
    expect((await details(KORAMANGALA)).price).toBe(123);
  });

  it("keeps no failure: a product published again is found on the next call", async () => {
    await prisma.product.update({ where: { id: productId }, data: { published: false } });
    invalidateCatalog("product", productId);
    const gone = await call(detailsRoute, "POST", "/api/product/get-product-details", { productId });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("Product not found");
    await prisma.product.update({ where: { id: productId }, data: { published: true } });
    expect((await details()).name).toMatch(/^Kept Details/);
  });
});
