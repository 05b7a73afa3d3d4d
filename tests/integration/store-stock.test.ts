import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/cart/create/route";
import { GET as getRoute } from "@/app/api/cart/get/route";
import { PUT as updateRoute } from "@/app/api/cart/update-qty/route";
import { POST as byCategoryRoute } from "@/app/api/product/get-product-by-category/route";
import { POST as detailsRoute } from "@/app/api/product/get-product-details/route";
import { POST as listingRoute } from "@/app/api/product/get-pruduct-by-category-and-subcategory/route";
import { POST as searchRoute } from "@/app/api/product/search-product/route";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { mergeGuestCart } from "@/app/api/_rest/cart";
import { clearSearchCache } from "@/lib/catalog/search-cache";
import { prisma } from "@/lib/db";
import { invalidateStoreTable } from "@/lib/stores";
import { unknownStoreMessage } from "@/lib/stores/current";
import { call, uniqueEmail, type CallOptions } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// Issue 16, "Stock is the store's stock": the catalogue and the cart over REST show and check the stock of the store
// the call names (X-Store-Id, a `storeId` field or parameter; the default store `main` without one). Two stores of
// the demo network: `main` (MG Road) and `koramangala`.

const WORD = `storeword${randomUUID()
  .slice(0, 6)
  .replace(/[^a-z]/g, "q")}`;
const KORAMANGALA = "koramangala";
const PASSWORD = "store stock password 1";

let categoryId = "";
let subCategoryId = "";
/** 5 at main, none at Koramangala */
let mainOnly = "";
/** none at main, 3 at Koramangala */
let koramangalaOnly = "";

type RestProduct = { _id: string; name: string; stock: number };

async function setStock(storeId: string, productId: string, stock: number) {
  await prisma.storeStock.upsert({
    where: { storeId_productId: { storeId, productId } },
    create: { storeId, productId, stock },
    update: { stock },
  });
}

async function newProduct(name: string, stock: number, pricePaise = 10_000) {
  const p = await prisma.product.create({
    data: {
      name: `${name} ${WORD}`,
      images: ["/media/catalog/store-stock.webp"],
      unit: "1 pc",
      stock, // the default store's stock (the Product.stock mirror)
      pricePaise,
      description: "A product of the store stock tests.",
      categories: { create: [{ categoryId }] },
      subCategories: { create: [{ subCategoryId }] },
    },
    select: { id: true },
  });
  return p.id;
}

async function shopper() {
  const email = uniqueEmail("stores");
  const reg = await call(registerRoute, "POST", "/api/user/register", {
    name: "Store Shopper",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(reg.status, reg.body.message).toBe(201);
  const res = await call(loginRoute, "POST", "/api/user/login", { email, password: PASSWORD });
  expect(res.status, res.body.message).toBe(200);
  return {
    id: (reg.body.data as { _id: string })._id,
    token: (res.body.data as { accesstoken: string }).accesstoken,
  };
}

const storeHeader = (storeId: string): CallOptions => ({ headers: { "x-store-id": storeId } });
const stockOf = (data: unknown, id: string) => (data as RestProduct[]).find((p) => p._id === id)?.stock;
const namesOf = (data: unknown) => (data as RestProduct[]).map((p) => p._id);

beforeAll(async () => {
  await installDemoStores();
  const suffix = randomUUID().slice(0, 8);
  categoryId = (
    await prisma.category.create({
      data: { name: `Stores ${suffix}`, nameKey: `stores ${suffix}`, image: "/c.webp" },
    })
  ).id;
  subCategoryId = (
    await prisma.subCategory.create({
      data: { name: `Stores sub ${suffix}`, image: "/s.webp", categories: { create: [{ categoryId }] } },
    })
  ).id;
  // names chosen so that by name alone the main-only product would come first
  mainOnly = await newProduct("Aaa Main Only", 5);
  koramangalaOnly = await newProduct("Bbb Koramangala Only", 0);
  await setStock(KORAMANGALA, koramangalaOnly, 3);
  clearSearchCache();
});

beforeEach(async () => {
  // every test starts with both stores open
  await prisma.store.updateMany({ data: { paused: false, pausedReason: null, pausedAt: null } });
  invalidateStoreTable();
});

describe("the catalogue over REST is a store's", () => {
  it("lists a sub-category with the named store's stock, in stock there first (header, field, parameter)", async () => {
    const body = { categoryId, subCategoryId, limit: 100 };
    const atKoramangala = await call(listingRoute, "POST", "/api/product/x", body, storeHeader(KORAMANGALA));
    expect(atKoramangala.status).toBe(200);
    expect(stockOf(atKoramangala.body.data, mainOnly)).toBe(0);
    expect(stockOf(atKoramangala.body.data, koramangalaOnly)).toBe(3);
    expect(namesOf(atKoramangala.body.data)).toEqual([koramangalaOnly, mainOnly]);

    const byField = await call(listingRoute, "POST", "/api/product/x", { ...body, storeId: KORAMANGALA });
    expect(byField.body.data).toEqual(atKoramangala.body.data);
    const byParameter = await call(listingRoute, "POST", `/api/product/x?storeId=${KORAMANGALA}`, body);
    expect(byParameter.body.data).toEqual(atKoramangala.body.data);

    // no store named: the default store, `main`
    const atMain = await call(listingRoute, "POST", "/api/product/x", body);
    expect(stockOf(atMain.body.data, mainOnly)).toBe(5);
    expect(stockOf(atMain.body.data, koramangalaOnly)).toBe(0);
    expect(namesOf(atMain.body.data)).toEqual([mainOnly, koramangalaOnly]);
    const mainByHeader = await call(listingRoute, "POST", "/api/product/x", body, storeHeader("main"));
    expect(mainByHeader.body.data).toEqual(atMain.body.data);
  });

  it("gives a product's details, a category row and search results with the store's stock", async () => {
    const details = await call(detailsRoute, "POST", "/api/product/x", {
      productId: mainOnly,
      storeId: KORAMANGALA,
    });
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({ _id: mainOnly, stock: 0 });
    const atMain = await call(detailsRoute, "POST", "/api/product/x", { productId: mainOnly });
    expect(atMain.body.data).toMatchObject({ _id: mainOnly, stock: 5 });

    const row = await call(
      byCategoryRoute,
      "POST",
      "/api/product/x",
      { id: categoryId },
      storeHeader(KORAMANGALA),
    );
    expect(namesOf(row.body.data)).toEqual([koramangalaOnly, mainOnly]);
    expect(stockOf(row.body.data, koramangalaOnly)).toBe(3);

    const found = await call(
      searchRoute,
      "POST",
      "/api/product/x",
      { search: WORD },
      storeHeader(KORAMANGALA),
    );
    expect(found.status).toBe(200);
    expect(namesOf(found.body.data)).toEqual([koramangalaOnly, mainOnly]);
    expect(stockOf(found.body.data, mainOnly)).toBe(0);
    // the same search at main is its own cached page, with main's stock
    const foundAtMain = await call(searchRoute, "POST", "/api/product/x", { search: WORD });
    expect(namesOf(foundAtMain.body.data)).toEqual([mainOnly, koramangalaOnly]);
    expect(stockOf(foundAtMain.body.data, mainOnly)).toBe(5);
  });

  it("answers 400 naming the store list for an unknown store, and for a storeId that is not text", async () => {
    for (const [body, options] of [
      [{ productId: mainOnly }, storeHeader("atlantis")],
      [{ productId: mainOnly, storeId: "atlantis" }, {}],
    ] as const) {
      const res = await call(detailsRoute, "POST", "/api/product/x", body, options);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(unknownStoreMessage("atlantis"));
    }
    const search = await call(searchRoute, "POST", "/api/product/x?storeId=Not%20A%20Store", {
      search: WORD,
    });
    expect(search.status).toBe(400);
    expect(search.body.message).toBe(unknownStoreMessage("Not A Store"));
    const notText = await call(detailsRoute, "POST", "/api/product/x", { productId: mainOnly, storeId: 7 });
    expect(notText.status).toBe(400);
    expect(notText.body.message).toMatch(/storeId must be text/);
  });

  it("shows a paused store's catalogue (only its cart refuses)", async () => {
    await prisma.store.update({
      where: { id: KORAMANGALA },
      data: { paused: true, pausedReason: "Stock count" },
    });
    invalidateStoreTable();
    const res = await call(
      detailsRoute,
      "POST",
      "/api/product/x",
      { productId: koramangalaOnly },
      storeHeader(KORAMANGALA),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ stock: 3 });
  });
});

describe("the cart over REST checks the store's stock", () => {
  type Line = {
    _id: string;
    quantity: number;
    productId: RestProduct;
    available: number;
    short: boolean;
    notice: string | null;
  };
  const getCart = async (token: string, storeId?: string) => {
    const res = await call(getRoute, "GET", "/api/cart/get", undefined, {
      token,
      ...(storeId ? storeHeader(storeId) : {}),
    });
    expect(res.status, res.body.message).toBe(200);
    return res.body as typeof res.body & {
      data: Line[];
      summary: { count: number; totalPaise: number; itemsTotalPaise: number };
      store: { _id: string; area: string };
      checkout: { allowed: boolean; reason: string | null };
    };
  };

  it("adds from the named store only: out of stock there is 409, in stock there is 201", async () => {
    const me = await shopper();
    const refused = await call(
      createRoute,
      "POST",
      "/api/cart/create",
      { productId: mainOnly, storeId: KORAMANGALA },
      { token: me.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This product is out of stock");
    const added = await call(
      createRoute,
      "POST",
      "/api/cart/create",
      { productId: koramangalaOnly },
      { token: me.token, ...storeHeader(KORAMANGALA) },
    );
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      quantity: 1,
      productId: { stock: 3 },
      available: 3,
      short: false,
    });
    // at main (no store named) the same product is out of stock
    const atMain = await call(
      createRoute,
      "POST",
      "/api/cart/create",
      { productId: koramangalaOnly },
      { token: me.token },
    );
    expect(atMain.status).toBe(409);
  });

  it("refuses adding and raising at a paused store with the reason, and changes nothing; lowering still works", async () => {
    const me = await shopper();
    const opts = { token: me.token, ...storeHeader(KORAMANGALA) };
    await call(createRoute, "POST", "/api/cart/create", { productId: koramangalaOnly }, opts);
    const line = (await call(createRoute, "POST", "/api/cart/create", { productId: koramangalaOnly }, opts))
      .body.data as Line;
    expect(line.quantity).toBe(2);

    await prisma.store.update({
      where: { id: KORAMANGALA },
      data: { paused: true, pausedReason: "Stock count" },
    });
    invalidateStoreTable();
    const before = await prisma.cartItem.findMany({ where: { userId: me.id } });
    const add = await call(createRoute, "POST", "/api/cart/create", { productId: koramangalaOnly }, opts);
    expect(add.status).toBe(409);
    expect(add.body.message).toBe(
      "Kwikmart Koramangala has paused orders (Stock count); please try again soon",
    );
    const raise = await call(updateRoute, "PUT", "/api/cart/update-qty", { _id: line._id, qty: 3 }, opts);
    expect(raise.status).toBe(409);
    expect(raise.body.message).toBe(add.body.message);
    expect(await prisma.cartItem.findMany({ where: { userId: me.id } })).toEqual(before);

    const lower = await call(updateRoute, "PUT", "/api/cart/update-qty", { _id: line._id, qty: 1 }, opts);
    expect(lower.status).toBe(200);
    expect(lower.body.data).toMatchObject({ quantity: 1 });
  });

  it("flags lines the store cannot supply after a change of store, keeps them out of the totals and blocks checkout", async () => {
    const me = await shopper();
    const scarce = await newProduct("Ccc Scarce At Koramangala", 8, 5_000);
    await setStock(KORAMANGALA, scarce, 2);
    for (let i = 0; i < 3; i++)
      await call(createRoute, "POST", "/api/cart/create", { productId: scarce }, { token: me.token });
    await call(createRoute, "POST", "/api/cart/create", { productId: mainOnly }, { token: me.token });

    const atMain = await getCart(me.token);
    expect(atMain.data.map((l) => [l.quantity, l.short])).toEqual([
      [3, false],
      [1, false],
    ]);
    expect(atMain.summary).toMatchObject({ count: 4, totalPaise: 3 * 5_000 + 10_000 });
    expect(atMain.checkout).toEqual({ allowed: true, reason: null });

    // the shopper moves to Koramangala: 2 of the scarce product there, none of the other
    const there = await getCart(me.token, KORAMANGALA);
    expect(there.store).toMatchObject({ _id: KORAMANGALA, area: "Koramangala" });
    const [scarceLine, goneLine] = there.data;
    expect(scarceLine).toMatchObject({ quantity: 3, available: 2, short: true, productId: { stock: 2 } });
    expect(scarceLine!.notice).toBe("Only 2 left at Koramangala — reduce to 2 to continue");
    expect(goneLine).toMatchObject({ quantity: 1, available: 0, short: true });
    expect(goneLine!.notice).toBe("Out of stock at Koramangala — remove it to continue");
    // nothing billed for them (the units are still in the cart)
    expect(there.summary).toMatchObject({ count: 4, totalPaise: 0, itemsTotalPaise: 0 });
    expect(there.checkout.allowed).toBe(false);
    expect(there.checkout.reason).toMatch(/^2 items in your cart .* Remove or reduce them to check out\.$/);

    // reduce one, remove the other: the cart is whole again at Koramangala
    const opts = { token: me.token, ...storeHeader(KORAMANGALA) };
    const raise = await call(
      updateRoute,
      "PUT",
      "/api/cart/update-qty",
      { _id: scarceLine!._id, qty: 4 },
      opts,
    );
    expect(raise.status).toBe(409);
    expect(raise.body.message).toBe("Only 2 left in stock");
    const reduce = await call(
      updateRoute,
      "PUT",
      "/api/cart/update-qty",
      { _id: scarceLine!._id, qty: 2, storeId: KORAMANGALA },
      { token: me.token },
    );
    expect(reduce.status).toBe(200);
    expect(reduce.body.data).toMatchObject({ quantity: 2, short: false, available: 2 });
    await call(updateRoute, "PUT", "/api/cart/update-qty", { _id: goneLine!._id, qty: 0 }, opts);
    const fixed = await getCart(me.token, KORAMANGALA);
    expect(fixed.data.map((l) => [l.quantity, l.short, l.notice])).toEqual([[2, false, null]]);
    expect(fixed.summary).toMatchObject({ count: 2, totalPaise: 2 * 5_000 });
    expect(fixed.checkout).toEqual({ allowed: true, reason: null });
  });

  it("merges a guest cart against the store's stock", async () => {
    const me = await shopper();
    const cart = await mergeGuestCart(
      me.id,
      [
        { productId: koramangalaOnly, quantity: 5 },
        { productId: mainOnly, quantity: 1 },
      ],
      KORAMANGALA,
    );
    expect(cart.lines.map((l) => [l.productId._id, l.quantity])).toEqual([[koramangalaOnly, 3]]);
  });
});
