import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, PUT as setRoute } from "@/app/api/store/stock/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { call, uniqueEmail } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// The admin's stock calls (issue 16): PUT /api/store/stock sets a store's quantities, each a COUNT movement, all or
// nothing; GET /api/store/stock pages through a store's shelf.

let admin: string;
let adminId: string;
let shopper: string;
const tag = randomUUID().slice(0, 6);
type Product = { id: string; name: string };
let oats: Product;
let poha: Product;

beforeAll(async () => {
  await installDemoStores();
  const make = async (role: "ADMIN" | "USER") => {
    const user = await prisma.user.create({
      data: { name: role, email: uniqueEmail(`stock-${role.toLowerCase()}`), passwordHash: "x", role },
    });
    return { id: user.id, token: (await issueTokenPair(user)).accessToken };
  };
  ({ id: adminId, token: admin } = await make("ADMIN"));
  ({ token: shopper } = await make("USER"));
  const product = (name: string, stock: number) =>
    prisma.product.create({
      data: { name, images: [], unit: "1 kg", stock, pricePaise: 100, description: "-" },
      select: { id: true, name: true },
    });
  oats = await product(`Stockcall Oats ${tag}`, 7);
  poha = await product(`Stockcall Poha ${tag}`, 3);
});

const put = (body: unknown, token = admin) => call(setRoute, "PUT", "/api/store/stock", body, { token });
const get = (query: string, token = admin) => call(listRoute, "GET", `/api/store/stock?${query}`, undefined, { token });
const shelf = async (storeId: string, productId: string) =>
  (await prisma.storeStock.findUnique({ where: { storeId_productId: { storeId, productId } } }))?.stock ?? null;
const ledger = async (storeId: string, productId: string) =>
  (await prisma.stockMovement.aggregate({ where: { storeId, productId }, _sum: { delta: true } }))._sum.delta ?? 0;

describe("PUT /api/store/stock", () => {
  it("sets each quantity as a stock count by the admin, and the default store's shows as the product's stock", async () => {
    const r = await put({
      storeId: "koramangala",
      items: [
        { productId: oats.id, stock: 40 },
        { productId: poha.id, stock: 0 },
      ],
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe("Stock updated (2 products)");
    expect(r.body.data).toMatchObject({
      storeId: "koramangala",
      items: expect.arrayContaining([
        { productId: oats.id, name: oats.name, stock: 40, previous: 0 },
        { productId: poha.id, name: poha.name, stock: 0, previous: 0 },
      ]),
    });
    expect(await shelf("koramangala", oats.id)).toBe(40);
    expect(await ledger("koramangala", oats.id)).toBe(40);
    const count = await prisma.stockMovement.findFirstOrThrow({ where: { storeId: "koramangala", productId: oats.id } });
    expect(count).toMatchObject({ reason: "COUNT", delta: 40, actorId: adminId });

    expect((await put({ storeId: "main", items: [{ productId: oats.id, stock: 12 }] })).status).toBe(200);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: oats.id } })).stock).toBe(12);
    expect(await ledger("main", oats.id)).toBe(12);
  });

  it("refuses a request with bad rows with 400 listing every one, and changes nothing", async () => {
    const before = await shelf("koramangala", poha.id);
    const movements = await prisma.stockMovement.count();
    const r = await put({
      storeId: "koramangala",
      items: [
        { productId: poha.id, stock: 5 },
        { productId: "no-such-product", stock: 1 },
        { productId: oats.id, stock: -2 },
        { productId: poha.id, stock: 6 },
        { productId: oats.id, stock: 1.5 },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      "4 rows have errors; nothing was changed. row 2 (no-such-product): no such product; " +
        `row 3: stock must be a whole number from 0 to 100000; row 4 (${poha.id}): listed twice; ` +
        "row 5: stock must be a whole number from 0 to 100000",
    );
    expect(r.body.fieldErrors).toMatchObject({
      "items.1.productId": ["no such product"],
      "items.2.stock": [expect.any(String)],
      "items.3.productId": ["listed twice"],
    });
    expect(await shelf("koramangala", poha.id)).toBe(before);
    expect(await prisma.stockMovement.count()).toBe(movements);
  });

  it("answers 404 for an unknown store, 400 for an empty list, 403 for a shopper", async () => {
    const unknown = await put({ storeId: "atlantis", items: [{ productId: oats.id, stock: 1 }] });
    expect([unknown.status, unknown.body.message]).toEqual([404, "Store not found"]);
    const empty = await put({ storeId: "main", items: [] });
    expect([empty.status, empty.body.message]).toEqual([400, "items: items must list at least one product"]);
    expect((await put({ storeId: "main", items: [{ productId: oats.id, stock: 1 }] }, shopper)).status).toBe(403);
    expect((await get("storeId=main", shopper)).status).toBe(403);
  });
});

describe("GET /api/store/stock", () => {
  it("pages through a store's shelf by name, with that store's stock, searchable", async () => {
    const r = await get(`storeId=koramangala&search=${encodeURIComponent(`Stockcall`)}&limit=1&page=2`);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body).toMatchObject({ totalCount: expect.any(Number), page: 2, limit: 1 });
    const all = await get(`storeId=koramangala&search=${encodeURIComponent(tag)}`);
    expect(all.body.data).toEqual([
      { productId: oats.id, name: oats.name, unit: "1 kg", stock: 40 },
      { productId: poha.id, name: poha.name, unit: "1 kg", stock: 0 },
    ]);
    expect(all.body).toMatchObject({ totalCount: 2, totalNoPage: 1, page: 1, limit: 20 });
    const other = await get(`storeId=indiranagar&search=${encodeURIComponent(`Oats ${tag}`)}`);
    expect(other.body.data).toEqual([{ productId: oats.id, name: oats.name, unit: "1 kg", stock: 0 }]);
  });

  it("answers 400 for a malformed query and 404 for an unknown store", async () => {
    expect((await get("storeId=main&page=0")).body.message).toBe("page: page must be a whole number from 1 to 100000");
    expect((await get("page=1")).status).toBe(400);
    expect((await get("storeId=atlantis")).status).toBe(404);
  });
});
