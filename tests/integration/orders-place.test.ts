import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/api/order/cancel/route";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { GET as orderListRoute } from "@/app/api/order/order-list/route";
import { PUT as statusRoute } from "@/app/api/order/status/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { placeCashOnDeliveryOrder } from "@/app/api/_rest/orders";
import { PRICES_CHANGED_MESSAGE, QUEUED_MESSAGE } from "@/lib/orders";
import { call, randomIp, uniqueEmail, type ApiResult } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// Placing cash-on-delivery orders through the REST handler and the domain function, against a real PostgreSQL
// with real concurrency (parallel calls through the app's pool of 10 connections).

process.env.STRIPE_SECRET_KEY = "";

// ---- fixtures (each integration file makes its own) ----

type Shopper = {
  id: string;
  email: string;
  name: string;
  role: "USER" | "ADMIN";
  via: "token";
  token: string;
};
type TestProduct = { id: string; name: string; pricePaise: number; discount: number; images: string[] };

async function makeUser(role: "USER" | "ADMIN" = "USER"): Promise<Shopper> {
  const user = await prisma.user.create({
    data: {
      name: "Test Shopper",
      email: uniqueEmail(role === "ADMIN" ? "admin" : "buyer"),
      passwordHash: "-",
      role,
    },
  });
  const { accessToken } = await issueTokenPair(user);
  return { id: user.id, email: user.email, name: user.name, role, via: "token", token: accessToken };
}

async function makeProduct(stock: number, pricePaise = 5_000, discount = 10): Promise<TestProduct> {
  const tag = randomUUID().slice(0, 6);
  return prisma.product.create({
    data: {
      name: `Test Atta ${tag}`,
      images: [`/media/catalog/test-${tag}.webp`],
      unit: "1 kg",
      stock,
      pricePaise,
      discount,
      description: "test product",
    },
    select: { id: true, name: true, pricePaise: true, discount: true, images: true },
  });
}

async function makeAddress(userId: string, status = true) {
  return prisma.address.create({
    data: {
      userId,
      addressLine: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      country: "India",
      pincode: "560001",
      mobile: "9876543210",
      status,
    },
  });
}

async function fillCart(userId: string, lines: { product: TestProduct; quantity: number }[]) {
  await prisma.cartItem.createMany({
    data: lines.map((l) => ({ userId, productId: l.product.id, quantity: l.quantity })),
  });
}

/** The body a client sends: its cart lines (populated products) and its totals, computed the shop's way. */
function orderBody(lines: { product: TestProduct; quantity: number }[], addressId: string) {
  let total = 0;
  for (const l of lines) total += discountedPricePaise(l.product.pricePaise, l.product.discount) * l.quantity;
  return {
    list_items: lines.map((l) => ({
      _id: `line-${l.product.id}`,
      quantity: l.quantity,
      productId: {
        _id: l.product.id,
        name: l.product.name,
        price: toRupees(l.product.pricePaise),
        discount: l.product.discount,
      },
    })),
    addressId,
    subTotalAmt: toRupees(total),
    totalAmt: toRupees(total),
  };
}

/** A shopper with an address and a cart of these lines. */
async function shopperWithCart(lines: { product: TestProduct; quantity: number }[]) {
  const user = await makeUser();
  const address = await makeAddress(user.id);
  await fillCart(user.id, lines);
  return { user, address, body: orderBody(lines, address.id) };
}

const placeCod = (token: string, body: unknown, key?: string): Promise<ApiResult> =>
  call(codRoute, "POST", "/api/order/cash-on-delivery", body, {
    token,
    headers: key ? { "Idempotency-Key": key } : {},
  });

const stockOf = async (id: string) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stock;
const cartCount = (userId: string) => prisma.cartItem.count({ where: { userId } });
const orderCount = (userId: string) => prisma.order.count({ where: { userId } });

/** Only one partner is free (a fresh one), so dispatch is deterministic. */
async function onlyOnePartnerFree() {
  await prisma.deliveryPartner.updateMany({ data: { isAvailable: false } });
  await prisma.order.updateMany({
    where: { dispatchQueuedAt: { not: null } },
    data: { dispatchQueuedAt: null },
  });
  return prisma.deliveryPartner.create({
    data: {
      name: "Ravi Rider",
      phone: `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      isAvailable: true,
      availableSince: new Date(),
    },
  });
}

afterAll(async () => {
  await flushMail();
});

// ---- tests ----

describe("POST /api/order/cash-on-delivery", () => {
  beforeEach(async () => {
    await onlyOnePartnerFree();
  });

  it("refuses an address saved before the address rules until it is fixed, and snapshots what the rider needs", async () => {
    const product = await makeProduct(10, 4_000, 0);
    const { user, address, body } = await shopperWithCart([{ product, quantity: 1 }]);
    await prisma.address.update({ where: { id: address.id }, data: { pincode: "12AB" } });

    const refused = await placeCod(user.token, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "This address needs fixing before you can order to it: Pincode must be 6 digits and cannot start with 0",
    );
    expect(await orderCount(user.id)).toBe(0);
    expect(await stockOf(product.id)).toBe(10);

    await prisma.address.update({
      where: { id: address.id },
      data: { pincode: "560001", landmark: "Behind the bakery", house: "3rd floor" },
    });
    const placed = await placeCod(user.token, body);
    expect(placed.status, placed.body.message).toBe(201);
    const [order] = placed.body.data as Record<string, unknown>[];
    expect(order!.delivery_address).toMatchObject({
      pincode: "560001",
      receiver_name: user.name,
      house: "3rd floor",
      landmark: "Behind the bakery",
    });
  });

  it("prices from the database, takes stock, snapshots lines, empties the cart and dispatches a partner", async () => {
    const atta = await makeProduct(20, 5_500, 10); // ₹55 − ceil(5.5) = ₹49
    const dal = await makeProduct(5, 12_000, 0);
    const { user, address, body } = await shopperWithCart([
      { product: atta, quantity: 2 },
      { product: dal, quantity: 1 },
    ]);

    const res = await placeCod(user.token, body);
    expect(res.status, res.body.message).toBe(201);
    // ₹218 of items: free delivery (₹199 and above), the ₹4 handling fee; the message names what to pay (issue 18)
    expect(res.body).toMatchObject({
      success: true,
      error: false,
      message: "Order placed successfully. Amount to pay: ₹222 (items ₹218 + handling fee ₹4).",
    });
    const [order] = res.body.data as Record<string, unknown>[];
    expect(order!.orderId).toMatch(/^KM-\d{4}-[2-9A-HJ-NP-Z]{6}$/);
    expect(order).toMatchObject({
      status: "PLACED",
      paymentMethod: "CASH_ON_DELIVERY",
      payment_status: "PENDING",
      itemCount: 3,
      subTotalAmt: 49 * 2 + 120,
      totalAmt: 49 * 2 + 120,
      mrpTotalAmt: 55 * 2 + 120,
      bill: { itemsMrp: 230, productDiscount: 12, itemsTotal: 218, deliveryFee: 0, handlingFee: 4, grandTotal: 222 },
      // REST answers carry the shop's pictures absolute, on APP_URL (issue 15, F3/F4)
      product_details: {
        name: expect.any(String),
        image: [expect.stringMatching(/^http:\/\/localhost:3000\/media\//)],
      },
      delivery_address: { address_line: "12 MG Road", city: "Bengaluru", pincode: "560001", mobile: "9876543210" },
    });
    // 3 items: 2 min packing + 6 min travel, an idle partner
    expect(res.body.deliveryPartner).toEqual({
      name: "Ravi Rider",
      phone: expect.stringMatching(/^\d{10}$/),
      eta: "8 minutes",
      etaMinutes: 8,
      etaAt: expect.any(String),
    });

    expect(await stockOf(atta.id)).toBe(18);
    expect(await stockOf(dal.id)).toBe(4);
    expect(await cartCount(user.id)).toBe(0);
    const stored = await prisma.order.findUniqueOrThrow({
      where: { orderNumber: order!.orderId as string },
      include: { lines: true, assignment: { include: { partner: true } } },
    });
    expect(stored).toMatchObject({
      userId: user.id,
      addressId: address.id,
      totalPaise: 22_200,
      subtotalPaise: 23_000,
    });
    expect(stored.lines.find((l) => l.productId === atta.id)).toMatchObject({
      name: atta.name,
      image: atta.images[0],
      unit: "1 kg",
      pricePaise: 5_500,
      discount: 10,
      unitPricePaise: 4_900,
      quantity: 2,
    });
    expect(stored.assignment?.partner.isAvailable).toBe(false);

    // lines are snapshots: later catalogue edits do not rewrite the order
    await prisma.product.update({ where: { id: atta.id }, data: { name: "Renamed", pricePaise: 9_900 } });
    const list = await call(orderListRoute, "GET", "/api/order/order-list", undefined, { token: user.token });
    const listed = (list.body.data as { items: { name: string; price: number }[] }[])[0]!;
    expect(listed.items.map((i) => i.name)).toContain(atta.name);

    await flushMail();
    const mail = await prisma.mailOutbox.findFirst({
      where: { to: user.email },
      orderBy: { createdAt: "desc" },
    });
    expect(mail?.subject).toContain(order!.orderId as string);
  });

  it("answers 400 for an empty cart and changes nothing", async () => {
    const user = await makeUser();
    const address = await makeAddress(user.id);
    const res = await placeCod(user.token, {
      list_items: [],
      addressId: address.id,
      subTotalAmt: 0,
      totalAmt: 0,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Your cart is empty");
    expect(await orderCount(user.id)).toBe(0);
  });

  it("answers 400 for a malformed body and 401 without a login", async () => {
    const { user, body } = await shopperWithCart([{ product: await makeProduct(3), quantity: 1 }]);
    expect((await placeCod(user.token, { ...body, totalAmt: "lots" })).status).toBe(400);
    expect((await placeCod(user.token, { ...body, list_items: "x" })).status).toBe(400);
    expect((await placeCod("", body)).status).toBe(401);
    expect(await orderCount(user.id)).toBe(0);
  });

  it("answers 404 for an unknown, removed or someone else's address, and changes nothing", async () => {
    const product = await makeProduct(10);
    const { user, body } = await shopperWithCart([{ product, quantity: 2 }]);
    const removed = await makeAddress(user.id, false);
    const stranger = await makeUser();
    const theirs = await makeAddress(stranger.id);
    for (const addressId of ["no-such-address", removed.id, theirs.id]) {
      const res = await placeCod(user.token, { ...body, addressId });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Address not found");
    }
    expect(await stockOf(product.id)).toBe(10);
    expect(await cartCount(user.id)).toBe(1);
    expect(await orderCount(user.id)).toBe(0);
  });

  it("answers 409 'Prices changed, review your cart' for tampered totals, prices or lines, and changes nothing", async () => {
    const product = await makeProduct(10, 10_000, 20); // ₹100 → ₹80
    const other = await makeProduct(10);
    const { user, body } = await shopperWithCart([{ product, quantity: 2 }]);
    const tampered = [
      { ...body, totalAmt: 1 },
      { ...body, subTotalAmt: 1 },
      { ...body, totalAmt: 160.5 },
      {
        ...body,
        list_items: [{ ...body.list_items[0]!, productId: { ...body.list_items[0]!.productId, price: 1 } }],
      },
      {
        ...body,
        list_items: [
          { ...body.list_items[0]!, productId: { ...body.list_items[0]!.productId, discount: 90 } },
        ],
      },
      { ...body, list_items: [{ ...body.list_items[0]!, quantity: 1 }], totalAmt: 80, subTotalAmt: 80 },
      {
        ...body,
        list_items: [...body.list_items, orderBody([{ product: other, quantity: 1 }], "x").list_items[0]!],
      },
      { ...body, list_items: [] },
    ];
    for (const tamperedBody of tampered) {
      const res = await placeCod(user.token, tamperedBody);
      expect(res.status, JSON.stringify(tamperedBody)).toBe(409);
      expect(res.body.message).toBe(PRICES_CHANGED_MESSAGE);
    }
    // a price changed in the catalogue since the client loaded its cart
    await prisma.product.update({ where: { id: product.id }, data: { pricePaise: 11_000 } });
    expect((await placeCod(user.token, body)).status).toBe(409);
    expect(await stockOf(product.id)).toBe(10);
    expect(await cartCount(user.id)).toBe(1);
    expect(await orderCount(user.id)).toBe(0);

    // productId as a plain id and the undiscounted subtotal are accepted (the server compares, it never trusts)
    await prisma.product.update({ where: { id: product.id }, data: { pricePaise: 10_000 } });
    const plain = { ...body, list_items: [{ productId: product.id, quantity: 2 }], subTotalAmt: 200 };
    expect((await placeCod(user.token, plain)).status).toBe(201);
  });

  it("answers 409 naming a product that is out of stock, and changes nothing", async () => {
    const plenty = await makeProduct(50);
    const scarce = await makeProduct(1);
    const { user, body } = await shopperWithCart([
      { product: plenty, quantity: 2 },
      { product: scarce, quantity: 3 },
    ]);
    const res = await placeCod(user.token, body);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Only 1 of ${scarce.name} left in stock. Review your cart.`);
    await prisma.product.update({ where: { id: scarce.id }, data: { stock: 0 } });
    expect((await placeCod(user.token, body)).body.message).toBe(
      `Sorry, ${scarce.name} is out of stock. Review your cart.`,
    );
    expect(await stockOf(plenty.id)).toBe(50);
    expect(await cartCount(user.id)).toBe(2);
    expect(await orderCount(user.id)).toBe(0);
  });
});

describe("Idempotency-Key", () => {
  beforeEach(async () => {
    await onlyOnePartnerFree();
  });

  it("returns the first result for the same key and body, and 409 for the same key with another body", async () => {
    const product = await makeProduct(10);
    const { user, body } = await shopperWithCart([{ product, quantity: 1 }]);
    const key = randomUUID();
    const first = await placeCod(user.token, body, key);
    expect(first.status).toBe(201);
    const again = await placeCod(user.token, body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await orderCount(user.id)).toBe(1);
    expect(await stockOf(product.id)).toBe(9);

    const different = await placeCod(user.token, { ...body, totalAmt: body.totalAmt + 1 }, key);
    expect(different.status).toBe(409);
    expect(different.body.message).toMatch(/Idempotency-Key was already used/);
    expect(await orderCount(user.id)).toBe(1);
  });

  it("creates one order when the same key arrives five times at once", async () => {
    const product = await makeProduct(10);
    const { user, body } = await shopperWithCart([{ product, quantity: 2 }]);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => placeCod(user.token, body, key)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(await orderCount(user.id)).toBe(1);
    expect(await stockOf(product.id)).toBe(8);
  });

  it("a double click without a key still makes one order: the second finds the cart empty", async () => {
    const product = await makeProduct(10);
    const { user, body } = await shopperWithCart([{ product, quantity: 1 }]);
    const [a, b] = await Promise.all([placeCod(user.token, body), placeCod(user.token, body)]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect(await orderCount(user.id)).toBe(1);
    expect(await stockOf(product.id)).toBe(9);
  });

  it("the same key from two users are two orders", async () => {
    const product = await makeProduct(10);
    const key = randomUUID();
    const a = await shopperWithCart([{ product, quantity: 1 }]);
    const b = await shopperWithCart([{ product, quantity: 1 }]);
    expect((await placeCod(a.user.token, a.body, key)).status).toBe(201);
    expect((await placeCod(b.user.token, b.body, key)).status).toBe(201);
    expect(await stockOf(product.id)).toBe(8);
  });
});

describe("stock races (real concurrency)", () => {
  it("two shoppers buying the last unit: exactly one order", async () => {
    const product = await makeProduct(1);
    const a = await shopperWithCart([{ product, quantity: 1 }]);
    const b = await shopperWithCart([{ product, quantity: 1 }]);
    const results = await Promise.all([placeCod(a.user.token, a.body), placeCod(b.user.token, b.body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.message).toBe(`Sorry, ${product.name} is out of stock. Review your cart.`);
    expect(await stockOf(product.id)).toBe(0);
    expect(await prisma.orderLine.count({ where: { productId: product.id } })).toBe(1);
    expect((await cartCount(a.user.id)) + (await cartCount(b.user.id))).toBe(1);
  });

  it("stock 50 and 200 concurrent checkouts by 200 shoppers: exactly 50 orders, stock 0, the rest keep their carts", async () => {
    const product = await makeProduct(50, 2_000, 0);
    const users = await prisma.user.createManyAndReturn({
      data: Array.from({ length: 200 }, (_, i) => ({
        name: `Racer ${i}`,
        email: uniqueEmail(`racer${i}`),
        passwordHash: "-",
      })),
    });
    const tokens: string[] = [];
    for (const u of users) tokens.push((await issueTokenPair(u)).accessToken);
    const addresses = await prisma.address.createManyAndReturn({
      data: users.map((u) => ({
        userId: u.id,
        addressLine: "1 Race Street",
        city: "Bengaluru",
        state: "MH",
        country: "India",
        pincode: "560001",
        mobile: "9876543210",
      })),
    });
    await prisma.cartItem.createMany({
      data: users.map((u) => ({ userId: u.id, productId: product.id, quantity: 1 })),
    });

    const started = Date.now();
    const results = await Promise.all(
      users.map((u, i) => placeCod(tokens[i]!, orderBody([{ product, quantity: 1 }], addresses[i]!.id))),
    );
    const took = Date.now() - started;
    const statuses = results.map((r) => r.status);
    const created = statuses.filter((s) => s === 201).length;
    console.info(`race: 200 concurrent COD checkouts for 50 units took ${took} ms`);
    const other = results.filter((r) => r.status !== 201 && r.status !== 409);
    if (other.length) console.error(other.slice(0, 3).map((r) => `${r.status} ${r.body.message}`));
    expect(created).toBe(50);
    expect(statuses.filter((s) => s === 409).length).toBe(150);
    expect(await stockOf(product.id)).toBe(0);
    expect(await prisma.order.count({ where: { lines: { some: { productId: product.id } } } })).toBe(50);
    expect(await prisma.cartItem.count({ where: { productId: product.id } })).toBe(150);
    const numbers = results
      .filter((r) => r.status === 201)
      .map((r) => (r.body.data as { orderId: string }[])[0]!.orderId);
    expect(new Set(numbers).size).toBe(50);
  });
});

describe("order list and lifecycle", () => {
  beforeEach(async () => {
    await onlyOnePartnerFree();
  });

  it("lists the caller's orders newest first, with orderId and product_details; never someone else's", async () => {
    const product = await makeProduct(10);
    const { user, address } = await shopperWithCart([{ product, quantity: 1 }]);
    const first = await placeCod(user.token, orderBody([{ product, quantity: 1 }], address.id));
    await fillCart(user.id, [{ product, quantity: 2 }]);
    const second = await placeCod(user.token, orderBody([{ product, quantity: 2 }], address.id));
    expect(second.status).toBe(201);
    expect(second.body.message).toBe(
      `${QUEUED_MESSAGE} Amount to pay: ₹144 (items ₹90 + delivery fee ₹30 + handling fee ₹4 + small cart fee ₹20).`,
    );
    expect(second.body.deliveryPartner).toBeUndefined();

    const stranger = await makeUser();
    const list = await call(orderListRoute, "GET", "/api/order/order-list", undefined, { token: user.token });
    expect(list.status).toBe(200);
    const data = list.body.data as { orderId: string; product_details: unknown; awaitingPartner: boolean }[];
    expect(data.map((o) => o.orderId)).toEqual([
      (second.body.data as { orderId: string }[])[0]!.orderId,
      (first.body.data as { orderId: string }[])[0]!.orderId,
    ]);
    expect(data[0]).toMatchObject({
      product_details: { name: product.name, image: product.images.map((i) => `http://localhost:3000${i}`) },
      awaitingPartner: true,
    });
    const theirs = await call(orderListRoute, "GET", "/api/order/order-list", undefined, {
      token: stranger.token,
    });
    expect(theirs.body.data).toEqual([]);
    expect((await call(orderListRoute, "GET", "/api/order/order-list")).status).toBe(401);
  });

  it("admin moves an order placed → packed → out for delivery → delivered; cash becomes paid; the partner is freed", async () => {
    const admin = await makeUser("ADMIN");
    const product = await makeProduct(10);
    const { user, body } = await shopperWithCart([{ product, quantity: 1 }]);
    const placed = await placeCod(user.token, body);
    const orderId = (placed.body.data as { orderId: string }[])[0]!.orderId;
    const step = (status: string, token = admin.token) =>
      call(statusRoute, "PUT", "/api/order/status", { orderId, status, ...(status === "DELIVERED" ? { reason: "Delivered by hand in the test" } : {}) }, { token });

    expect((await step("PACKED", user.token)).status).toBe(403);
    expect((await step("DELIVERED")).status).toBe(409);
    expect((await step("PACKED")).body.data).toMatchObject({ status: "PACKED" });
    expect((await step("PACKED")).status).toBe(409);
    expect((await step("OUT_FOR_DELIVERY")).body.data).toMatchObject({ status: "OUT_FOR_DELIVERY" });
    // out for delivery: too late for the shopper to cancel
    const late = await call(cancelRoute, "POST", "/api/order/cancel", { orderId }, { token: user.token });
    expect(late.status).toBe(409);
    const delivered = await step("DELIVERED");
    expect(delivered.status).toBe(200);
    expect(delivered.body.data).toMatchObject({
      status: "DELIVERED",
      payment_status: "PAID",
      cancellable: false,
    });
    const stored = await prisma.order.findUniqueOrThrow({
      where: { orderNumber: orderId },
      include: { assignment: { include: { partner: true } } },
    });
    expect(stored.deliveredAt).not.toBeNull();
    expect(stored.assignment?.completedAt).not.toBeNull();
    expect(stored.assignment?.partner.isAvailable).toBe(true);
    expect((await step("NOPE")).status).toBe(400);
    expect(
      (
        await call(
          statusRoute,
          "PUT",
          "/x",
          { orderId: "KM-0000-XXXXXX", status: "PACKED" },
          { token: admin.token },
        )
      ).status,
    ).toBe(404);
  });

  it("the shopper cancels a placed order: stock returns, the partner is freed; someone else's order is 404", async () => {
    const product = await makeProduct(10);
    const { user, body } = await shopperWithCart([{ product, quantity: 3 }]);
    const placed = await placeCod(user.token, body);
    const orderId = (placed.body.data as { orderId: string }[])[0]!.orderId;
    expect(await stockOf(product.id)).toBe(7);

    const stranger = await makeUser();
    expect((await call(cancelRoute, "POST", "/x", { orderId }, { token: stranger.token })).status).toBe(404);

    const res = await call(
      cancelRoute,
      "POST",
      "/x",
      { orderId: orderId.toLowerCase() },
      { token: user.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "CANCELLED", cancellable: false });
    expect(res.body.message).toBe(`Order ${orderId} cancelled`);
    expect(await stockOf(product.id)).toBe(10);
    const stored = await prisma.order.findUniqueOrThrow({
      where: { orderNumber: orderId },
      include: { assignment: { include: { partner: true } } },
    });
    expect(stored.assignment?.partner.isAvailable).toBe(true);
    expect((await call(cancelRoute, "POST", "/x", { orderId }, { token: user.token })).status).toBe(409);
  });

  it("the domain function is what the REST handler runs", async () => {
    const product = await makeProduct(4);
    const { user, body } = await shopperWithCart([{ product, quantity: 4 }]);
    const result = await placeCashOnDeliveryOrder(user, body, { idempotencyKey: randomUUID(), ip: randomIp() });
    expect(result.data[0]).toMatchObject({ status: "PLACED", itemCount: 4 });
    expect(await stockOf(product.id)).toBe(0);
  });
});
