import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as searchRoute } from "@/app/api/product/search-product/route";
import { invalidateCatalog, invalidateStoreStock } from "@/lib/catalog/cache";
import { cachedSearchProducts, clearSearchCache } from "@/lib/catalog/search-cache";
import { prisma } from "@/lib/db";
import { call } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// Search keeps its result pages for 30 s per server process (lib/catalog/search-cache.ts): a broad word is read and
// ranked once, not once per shopper. What a shopper must never see is a catalogue change that was announced (an
// admin's write, a product selling out) and not reflected at once.

const letters = (n: number) =>
  Array.from({ length: n }, () => "bcdfghjklmnpqrstvwxz"[randomInt(20)]).join("");
const WORD = `qa${letters(4)}ix`;

let categoryId = "";
let subCategoryId = "";

async function addProduct(name: string, stock = 5, pricePaise = 5000) {
  const product = await prisma.product.create({
    data: {
      name,
      images: ["/media/w.webp"],
      unit: "1 pc",
      stock,
      pricePaise,
      description: "A product of the search-cache test.",
      categories: { create: [{ categoryId }] },
      subCategories: { create: [{ subCategoryId }] },
    },
    select: { id: true },
  });
  return product.id;
}

const names = async () =>
  (await cachedSearchProducts({ storeId: "main", q: WORD, limit: 100 })).data.map((p) => p.name).sort();

beforeAll(async () => {
  const suffix = letters(6);
  const category = await prisma.category.create({
    data: { name: `Cache ${suffix}`, nameKey: `cache ${suffix}`, image: "/c.webp" },
  });
  categoryId = category.id;
  const sub = await prisma.subCategory.create({
    data: { name: `Cache sub ${suffix}`, image: "/s.webp", categories: { create: [{ categoryId }] } },
  });
  subCategoryId = sub.id;
  clearSearchCache();
});

describe("the search result cache", () => {
  it("answers a repeated search from memory until the catalogue announces a change", async () => {
    await addProduct(`${WORD} Cashews 100 g`);
    expect(await names()).toEqual([`${WORD} Cashews 100 g`]);

    // written straight to the database, unannounced: the kept page still answers
    await addProduct(`${WORD} Almonds 200 g`);
    expect(await names()).toEqual([`${WORD} Cashews 100 g`]);

    // what the admin's product form does after its commit
    invalidateCatalog("product");
    expect(await names()).toEqual([`${WORD} Almonds 200 g`, `${WORD} Cashews 100 g`]);
  });

  it("shows a product selling out at once, as orders announce it", async () => {
    const id = await addProduct(`${WORD} Walnuts 250 g`, 1);
    invalidateCatalog("product");
    const before = await cachedSearchProducts({ storeId: "main", q: `${WORD} walnuts`, limit: 10 });
    expect(before.data[0]?.stock).toBe(1);

    await prisma.product.update({ where: { id }, data: { stock: 0 } });
    invalidateCatalog("stock", id); // what placing the order that took the last unit does
    const after = await cachedSearchProducts({ storeId: "main", q: `${WORD} walnuts`, limit: 10 });
    expect(after.data[0]?.stock).toBe(0);
  });

  it("keeps each store's results apart, and a stock change at one store clears only that store's", async () => {
    const id = await addProduct(`${WORD} Raisins 100 g`, 4);
    await installDemoStores(); // the demo network's stores, Koramangala among them
    await prisma.storeStock.create({ data: { storeId: "koramangala", productId: id, stock: 2 } });
    invalidateCatalog("product");
    const raisins = (storeId: string) =>
      cachedSearchProducts({ storeId, q: `${WORD} raisins`, limit: 10 }).then((p) => p.data[0]?.stock);
    expect([await raisins("main"), await raisins("koramangala")]).toEqual([4, 2]);

    await prisma.storeStock.update({
      where: { storeId_productId: { storeId: "koramangala", productId: id } },
      data: { stock: 0 },
    });
    await prisma.product.update({ where: { id }, data: { stock: 3 } }); // main's shelf, unannounced
    invalidateStoreStock("koramangala", id);
    // Koramangala's answer is fresh; main's kept page still answers (nothing was announced for main)
    expect([await raisins("main"), await raisins("koramangala")]).toEqual([4, 0]);
  });

  it("keeps pages, sorts and the REST call's answers apart, and shares one read between identical searches", async () => {
    await addProduct(`${WORD} Pistachios 50 g`, 5, 1000); // the cheapest of the word's products
    invalidateCatalog("product");
    const [a, b] = [
      cachedSearchProducts({ storeId: "main", q: WORD, limit: 1 }),
      cachedSearchProducts({ storeId: "main", q: WORD, limit: 1 }),
    ];
    expect(a).toBe(b);
    const page2 = await cachedSearchProducts({ storeId: "main", q: WORD, limit: 1, page: 2 });
    expect((await a).data[0]?.name).not.toBe(page2.data[0]?.name);
    const cheapest = await cachedSearchProducts({ storeId: "main", q: WORD, limit: 1, sort: "price_asc" });
    const dearest = await cachedSearchProducts({ storeId: "main", q: WORD, limit: 1, sort: "price_desc" });
    expect(cheapest.data.map((p) => p.name)).toEqual([`${WORD} Pistachios 50 g`]);
    expect(dearest.data).toHaveLength(1);
    expect(dearest.data[0]?.name).not.toBe(`${WORD} Pistachios 50 g`);

    const res = await call(searchRoute, "POST", "/api/product/search-product", { search: WORD, limit: 100 });
    expect(res.status).toBe(200);
    const data = res.body.data as { name: string; description: string }[];
    expect(data.map((p) => p.name).sort()).toEqual(await names());
    expect(data[0]?.description).toBe("A product of the search-cache test."); // the REST call's full products
  });
});
