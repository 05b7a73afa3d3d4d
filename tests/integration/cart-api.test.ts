import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/cart/create/route";
import { DELETE as deleteRoute } from "@/app/api/cart/delete-cart-item/route";
import { GET as getRoute } from "@/app/api/cart/get/route";
import { PUT as updateRoute } from "@/app/api/cart/update-qty/route";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { addToCart, getCart, mergeGuestCart } from "@/app/api/_rest/cart";
import { prisma } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { call, uniqueEmail } from "../fakes/accounts-api";

// The cart (spec §3/§4, decisions.md): 1 … min(stock, 10) per line, 0 removes, above → 409 naming the limit,
// someone else's line → 404, bad bodies → 400, and the cart unchanged on every failure.

const PASSWORD = "cart password 1";
/** The default store (REST calls that name none): products created with a `stock` have that stock there. */
const MAIN = "main";

async function shopper() {
  const email = uniqueEmail("cart");
  const reg = await call(registerRoute, "POST", "/api/user/register", {
    name: "Cart Shopper",
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

async function product(
  fields: { stock?: number; pricePaise?: number; discount?: number; published?: boolean } = {},
) {
  const tag = randomUUID().slice(0, 8);
  return prisma.product.create({
    data: {
      name: `Cart Test Product ${tag}`,
      images: [`/media/catalog/test-${tag}.webp`],
      unit: "500 g",
      stock: fields.stock ?? 50,
      pricePaise: fields.pricePaise ?? 10_000,
      discount: fields.discount ?? 0,
      description: "A product for the cart tests",
      published: fields.published ?? true,
    },
  });
}

type Line = { _id: string; quantity: number; productId: { _id: string; price: number; stock: number } };

const add = (token: string, body: unknown) => call(createRoute, "POST", "/api/cart/create", body, { token });
const update = (token: string, body: unknown) =>
  call(updateRoute, "PUT", "/api/cart/update-qty", body, { token });
const remove = (token: string, body: unknown) =>
  call(deleteRoute, "DELETE", "/api/cart/delete-cart-item", body, { token });
const list = async (token: string) => {
  const res = await call(getRoute, "GET", "/api/cart/get", undefined, { token });
  expect(res.status).toBe(200);
  return res.body.data as Line[];
};
const snapshot = (userId: string) =>
  prisma.cartItem.findMany({
    where: { userId },
    select: { id: true, productId: true, quantity: true },
    orderBy: { id: "asc" },
  });

describe("cart REST calls", () => {
  it("adds, increments, decrements and removes a line, with totals", async () => {
    const me = await shopper();
    const p = await product({ stock: 20, pricePaise: 6_500, discount: 30 });

    const first = await add(me.token, { productId: p.id });
    expect(first.status, first.body.message).toBe(201);
    expect(first.body).toMatchObject({ success: true, error: false, message: "Item added to cart" });
    const line = first.body.data as Line;
    expect(line).toMatchObject({ quantity: 1, productId: { _id: p.id, price: 65, stock: 20 } });

    const again = await add(me.token, { productId: p.id });
    expect(again.status).toBe(200);
    expect(again.body.data as Line).toMatchObject({ _id: line._id, quantity: 2 });

    const lines = await list(me.token);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ _id: line._id, quantity: 2, productId: { _id: p.id, discount: 30 } });

    // 65 rupees, 30 % off: 65 − ceil(19.5) = 45 per unit
    const cart = await getCart(me.id, MAIN);
    expect(cart.summary).toEqual({
      count: 2,
      itemsTotalPaise: 13_000,
      totalPaise: 9_000,
      savingsPaise: 4_000,
    });

    const down = await update(me.token, { _id: line._id, qty: 1 });
    expect(down.status, down.body.message).toBe(200);
    expect((down.body.data as Line).quantity).toBe(1);

    const gone = await remove(me.token, { _id: line._id });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe("Item removed from cart");
    expect(await list(me.token)).toEqual([]);
    expect((await remove(me.token, { _id: line._id })).status).toBe(404);
  });

  it("qty 0 removes the line", async () => {
    const me = await shopper();
    const p = await product();
    const line = (await add(me.token, { productId: p.id })).body.data as Line;
    const res = await update(me.token, { _id: line._id, qty: 0 });
    expect(res.status).toBe(200);
    expect(await snapshot(me.id)).toEqual([]);
  });

  it("refuses bad quantities with 400 and quantities above stock or 10 with 409, leaving the cart unchanged", async () => {
    const me = await shopper();
    const small = await product({ stock: 3 });
    const big = await product({ stock: 500 });
    const a = (await add(me.token, { productId: small.id })).body.data as Line;
    const b = (await add(me.token, { productId: big.id })).body.data as Line;
    const before = await snapshot(me.id);

    for (const qty of [-1, 1.5, "x", "2", null, true, 1e300]) {
      const res = await update(me.token, { _id: a._id, qty });
      expect(res.status, `qty ${String(qty)}`).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: true });
      expect(res.body.fieldErrors).toHaveProperty("qty");
    }
    for (const body of [{}, { qty: 1 }, { _id: "", qty: 1 }, { _id: 5, qty: 1 }, [], "text"]) {
      expect((await update(me.token, body)).status).toBe(400);
    }
    const notJson = await call(updateRoute, "PUT", "/api/cart/update-qty", undefined, {
      token: me.token,
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);

    const overStock = await update(me.token, { _id: a._id, qty: 4 });
    expect(overStock.status).toBe(409);
    expect(overStock.body.message).toBe("Only 3 left in stock");

    const overCap = await update(me.token, { _id: b._id, qty: 11 });
    expect(overCap.status).toBe(409);
    expect(overCap.body.message).toBe("You can add at most 10 of this item");
    expect((await update(me.token, { _id: b._id, qty: 5_000_000_000 })).status).toBe(409);

    expect(await snapshot(me.id)).toEqual(before);

    expect((await update(me.token, { _id: a._id, qty: 3 })).status).toBe(200);
    expect((await update(me.token, { _id: b._id, qty: 10 })).status).toBe(200);
  });

  it("stops adding at min(stock, 10) with a message naming the limit", async () => {
    const me = await shopper();
    const few = await product({ stock: 2 });
    const many = await product({ stock: 99 });
    for (let i = 0; i < 2; i++) expect((await add(me.token, { productId: few.id })).status).toBeLessThan(300);
    const third = await add(me.token, { productId: few.id });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe("Only 2 left in stock");

    for (let i = 0; i < 10; i++)
      expect((await add(me.token, { productId: many.id })).status).toBeLessThan(300);
    const eleventh = await add(me.token, { productId: many.id });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe("You can add at most 10 of this item");

    const lines = await snapshot(me.id);
    expect(lines.map((l) => l.quantity).sort()).toEqual([10, 2]);
  });

  it("answers 404 for unknown or deleted products and 409 for products out of stock, the cart unchanged", async () => {
    const me = await shopper();
    const kept = await product();
    await add(me.token, { productId: kept.id });
    const before = await snapshot(me.id);

    const unknown = await add(me.token, { productId: "no-such-product" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Product not found");

    const unpublished = await product({ published: false });
    expect((await add(me.token, { productId: unpublished.id })).status).toBe(404);

    const empty = await product({ stock: 0 });
    const out = await add(me.token, { productId: empty.id });
    expect(out.status).toBe(409);
    expect(out.body.message).toBe("This product is out of stock");

    for (const body of [{}, { productId: "" }, { productId: 42 }, null]) {
      expect((await add(me.token, body)).status).toBe(400);
    }
    expect(await snapshot(me.id)).toEqual(before);
  });

  it("hides lines whose product was deleted since", async () => {
    const me = await shopper();
    const p = await product();
    await add(me.token, { productId: p.id });
    await prisma.product.update({ where: { id: p.id }, data: { published: false } });
    expect(await list(me.token)).toEqual([]);
    expect((await getCart(me.id, MAIN)).summary.count).toBe(0);
  });

  it("treats another shopper's line as not found", async () => {
    const owner = await shopper();
    const other = await shopper();
    const p = await product();
    const line = (await add(owner.token, { productId: p.id })).body.data as Line;

    const upd = await update(other.token, { _id: line._id, qty: 2 });
    expect(upd.status).toBe(404);
    expect((await update(other.token, { _id: line._id, qty: 50 })).status).toBe(404);
    expect((await update(other.token, { _id: line._id, qty: 0 })).status).toBe(404);
    expect((await remove(other.token, { _id: line._id })).status).toBe(404);
    expect(await list(other.token)).toEqual([]);
    expect((await snapshot(owner.id)).map((l) => l.quantity)).toEqual([1]);
  });

  it("answers 401 to guests on every call", async () => {
    const p = await product();
    expect((await call(createRoute, "POST", "/api/cart/create", { productId: p.id })).status).toBe(401);
    expect((await call(getRoute, "GET", "/api/cart/get")).status).toBe(401);
    expect((await call(updateRoute, "PUT", "/api/cart/update-qty", { _id: "x", qty: 1 })).status).toBe(401);
    expect((await call(deleteRoute, "DELETE", "/api/cart/delete-cart-item", { _id: "x" })).status).toBe(401);
    const bad = await call(
      createRoute,
      "POST",
      "/api/cart/create",
      { productId: p.id },
      { token: "garbage" },
    );
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ success: false, error: true });
  });
});

describe("concurrency", () => {
  it("20 concurrent adds of one product never exceed min(stock, 10)", async () => {
    const me = await shopper();
    for (const stock of [4, 60]) {
      const p = await product({ stock });
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => addToCart(me.id, p.id, MAIN)));
      const ok = results.filter((r) => r.status === "fulfilled").length;
      const cap = Math.min(stock, 10);
      expect(ok).toBe(cap);
      for (const r of results) {
        if (r.status === "rejected") expect(isAppError(r.reason) && r.reason.status).toBe(409);
      }
      const line = await prisma.cartItem.findUniqueOrThrow({
        where: { userId_productId: { userId: me.id, productId: p.id } },
      });
      expect(line.quantity).toBe(cap);
    }
  });

  it("20 concurrent REST adds leave exactly one line at the cap", async () => {
    const me = await shopper();
    const p = await product({ stock: 7 });
    const results = await Promise.all(Array.from({ length: 20 }, () => add(me.token, { productId: p.id })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    expect(results.filter((r) => r.status === 409)).toHaveLength(13);
    expect(await snapshot(me.id)).toEqual([expect.objectContaining({ productId: p.id, quantity: 7 })]);
  });
});

describe("mergeGuestCart", () => {
  it("re-reads products, skips unknown and out-of-stock ones, clamps and adds to existing lines up to the cap", async () => {
    const me = await shopper();
    const existing = await product({ stock: 50 });
    const scarce = await product({ stock: 3 });
    const plenty = await product({ stock: 100 });
    const empty = await product({ stock: 0 });
    const deleted = await product({ published: false });
    for (let i = 0; i < 8; i++) await addToCart(me.id, existing.id, MAIN);

    const cart = await mergeGuestCart(me.id, [
      { productId: existing.id, quantity: 5 },
      { productId: scarce.id, quantity: 9 },
      { productId: plenty.id, quantity: 4 },
      { productId: plenty.id, quantity: 2 },
      { productId: empty.id, quantity: 1 },
      { productId: deleted.id, quantity: 1 },
      { productId: "missing", quantity: 2 },
      { productId: plenty.id, quantity: -3 },
    ], MAIN);
    const qty = Object.fromEntries(cart.lines.map((l) => [l.productId._id, l.quantity]));
    expect(qty).toEqual({ [existing.id]: 10, [scarce.id]: 3, [plenty.id]: 6 });
    expect(cart.summary.count).toBe(19);

    // an empty guest cart changes nothing
    expect((await mergeGuestCart(me.id, [], MAIN)).summary.count).toBe(19);
  });
});
