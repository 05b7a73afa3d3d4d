import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PUT as substitutionRoute } from "@/app/api/cart/substitution/route";
import { POST as checkoutRoute } from "@/app/api/order/checkout/route";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { PUT as statusRoute } from "@/app/api/order/status/route";
import { GET as pickListRoute } from "@/app/api/store/picklist/route";
import { PUT as lineRoute } from "@/app/api/store/picklist/line/route";
import { PUT as packedRoute } from "@/app/api/store/picklist/packed/route";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { payLocalCheckout } from "@/lib/orders";
import { refundPartDue } from "@/lib/orders/substitution";
import { call, randomIp, type ApiResult } from "../fakes/accounts-api";
import { makeUser } from "../support/bill-shopper";
import { installDemoStores } from "../support/demo-stores";

// Substitutions at packing (issue 18), through the REST calls a shopper and the store use: the shopper's choice per
// cart line and for the order, the store's short mark, and Packed. Each order is audited afterwards: its lines add up
// to its items total and the total to what the shopper pays; the store's stock equals its ledger and moved exactly
// by the units sold, the short units given back and the shelf counted empty. 560001 is the default store "main".

process.env.STRIPE_SECRET_KEY = "";
process.env.STRIPE_WEBHOOK_SECRET = "";
vi.stubEnv("ALLOW_TEST_PAYMENTS", "1");

let admin: Awaited<ReturnType<typeof makeUser>>;
let categoryId: string;

beforeAll(async () => {
  await installDemoStores();
  admin = await makeUser("ADMIN");
  const tag = randomUUID().slice(0, 6);
  categoryId = (await prisma.category.create({ data: { name: `Dairy ${tag}`, nameKey: `dairy ${tag}`, image: "/x.webp" } })).id;
});
afterAll(flushMail);

/** A new sub-category: each test's products are only similar to each other. */
async function subCategory() {
  const sub = await prisma.subCategory.create({
    data: { name: `Shelf ${randomUUID().slice(0, 6)}`, image: "/x.webp", categories: { create: { categoryId } } },
  });
  return sub.id;
}

/** A product at the default store (its stock there is `stock`: Product.stock mirrors it) in a sub-category. */
async function product(name: string, pricePaise: number, stock: number, sub: string) {
  return prisma.product.create({
    data: {
      name: `${name} ${randomUUID().slice(0, 6)}`,
      images: [],
      unit: "500 ml",
      stock,
      pricePaise,
      discount: 0,
      description: "test",
      subCategories: { create: { subCategoryId: sub } },
    },
  });
}

/** A shopper with an address at 560001 and `lines` in the cart, each with its own choice when given (REST). */
async function shopperWith(lines: { id: string; quantity: number; substitution?: "replace" | "remove" | "call" }[]) {
  const shopper = await makeUser();
  const address = await prisma.address.create({
    data: { userId: shopper.id, addressLine: "9 Brigade Road", city: "Bengaluru", state: "KA", country: "India", pincode: "560001", mobile: "9812345670" },
  });
  for (const l of lines) {
    const row = await prisma.cartItem.create({ data: { userId: shopper.id, productId: l.id, quantity: l.quantity } });
    if (l.substitution) {
      const res = await call(substitutionRoute, "PUT", "/api/cart/substitution", { _id: row.id, substitution: l.substitution }, { token: shopper.token });
      expect(res.status, res.body.message).toBe(200);
    }
  }
  return { shopper, address };
}

type Body = { list_items: { productId: string; quantity: number }[]; addressId: string; subTotalAmt: number; totalAmt: number; substitution?: string };

async function bodyFor(shopperId: string, addressId: string, substitution?: string): Promise<Body> {
  const cart = await prisma.cartItem.findMany({ where: { userId: shopperId }, include: { product: true } });
  const items = cart.reduce((n, c) => n + (c.product.pricePaise * c.quantity) / 100, 0);
  return {
    list_items: cart.map((c) => ({ productId: c.productId, quantity: c.quantity })),
    addressId,
    subTotalAmt: items,
    totalAmt: items,
    ...(substitution ? { substitution } : {}),
  };
}

type RestPickLine = { _id: string; productId: string; quantity: number; substitution: string; callDecision: string | null };
type RestPickOrder = { orderId: string; phone: string | null; groups: { lines: RestPickLine[] }[] };

async function pickOrder(orderId: string): Promise<RestPickOrder> {
  const res = await call(pickListRoute, "GET", "/api/store/picklist?storeId=main", undefined, { token: admin.token });
  expect(res.status, res.body.message).toBe(200);
  const order = (res.body.data as { orders: RestPickOrder[] }).orders.find((o) => o.orderId === orderId);
  expect(order, `${orderId} is not on the pick list`).toBeDefined();
  return order!;
}

const mark = (body: unknown) => call(lineRoute, "PUT", "/api/store/picklist/line", body, { token: admin.token });

/** Ticks every line of the order, marks `short` units short per product, then Packed (as the admin, at "main"). */
async function pick(orderId: string, short: Record<string, number>, decisions: Record<string, "replace" | "remove"> = {}) {
  const order = await pickOrder(orderId);
  for (const line of order.groups.flatMap((g) => g.lines)) {
    const units = short[line.productId];
    const res = await mark(units ? { orderId, lineId: line._id, short: units } : { orderId, lineId: line._id, picked: true });
    expect(res.status, res.body.message).toBe(200);
    const said = decisions[line.productId];
    if (said) expect((await mark({ orderId, lineId: line._id, callDecision: said })).status).toBe(200);
  }
  return call(packedRoute, "PUT", "/api/store/picklist/packed", { orderId }, { token: admin.token });
}

type RestItem = {
  productId: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  short: number;
  substitution: string;
  substituted: { outcome: string; missing: number; replacementName: string | null; amount: number; message: string } | null;
  replaces: string | null;
};
type RestOrder = { orderId: string; items: RestItem[]; bill: { itemsTotal: number; grandTotal: number }; partRefund: unknown };

/** The order is consistent: lines = items total, items + fees − coupon + tip = total, REST says the same. */
async function auditOrder(orderNumber: string, rest: RestOrder) {
  const order = await prisma.order.findUniqueOrThrow({ where: { orderNumber }, include: { lines: true } });
  const units = (l: (typeof order.lines)[number]) => l.quantity - (l.substitutedAt ? (l.shortQuantity ?? 0) : 0);
  const items = order.lines.reduce((n, l) => n + l.unitPricePaise * units(l), 0);
  const fees = order.deliveryPaise + order.handlingFeePaise + order.smallCartFeePaise + order.lateNightFeePaise + order.highDemandFeePaise;
  expect(items + fees - order.couponDiscountPaise + order.tipPaise).toBe(order.totalPaise);
  expect(order.itemCount).toBe(order.lines.reduce((n, l) => n + units(l), 0));
  expect(rest.items.reduce((n, i) => n + i.lineTotal * 100, 0)).toBe(items);
  expect(Math.round(rest.bill.itemsTotal * 100)).toBe(items);
  expect(Math.round(rest.bill.grandTotal * 100)).toBe(order.totalPaise);
  return order;
}

/** A product's stock at "main" and whether its ledger adds up to it. */
async function shelf(productId: string) {
  const row = await prisma.storeStock.findUniqueOrThrow({ where: { storeId_productId: { storeId: "main", productId } } });
  const ledger = await prisma.stockMovement.aggregate({ where: { storeId: "main", productId }, _sum: { delta: true } });
  expect(ledger._sum.delta, "the ledger adds up to the stock").toBe(row.stock);
  return row.stock;
}

const restOrder = (res: ApiResult) => (Array.isArray(res.body.data) ? res.body.data[0] : res.body.data) as RestOrder;

describe("the shopper's choice in the cart (PUT /api/cart/substitution)", () => {
  it("saves a line's choice, clears it with null, and refuses a bad choice or someone else's line", async () => {
    const milk = await product("Cart Milk", 5_000, 10, await subCategory());
    const { shopper } = await shopperWith([{ id: milk.id, quantity: 1 }]);
    const line = await prisma.cartItem.findFirstOrThrow({ where: { userId: shopper.id } });
    const put = (body: unknown, token = shopper.token) => call(substitutionRoute, "PUT", "/api/cart/substitution", body, { token });

    const saved = await put({ _id: line.id, substitution: "call" });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.message).toBe("Substitution preference saved");
    expect((saved.body.data as { substitution: string }[])[0]).toMatchObject({ _id: line.id, substitution: "call" });
    expect((await prisma.cartItem.findUniqueOrThrow({ where: { id: line.id } })).substitution).toBe("CALL");

    const bad = await put({ _id: line.id, substitution: "swap" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/substitution must be "replace", "remove" or "call"/);
    const stranger = await makeUser();
    expect((await put({ _id: line.id, substitution: "remove" }, stranger.token)).status).toBe(404);
    expect((await put({ _id: line.id, substitution: "remove" }, "")).status).toBe(401);
    expect((await prisma.cartItem.findUniqueOrThrow({ where: { id: line.id } })).substitution).toBe("CALL");

    const cleared = await put({ _id: line.id, substitution: null });
    expect((cleared.body.data as { substitution: string | null }[])[0]!.substitution).toBeNull();
  });
});

describe("packing a short line", () => {
  it("replace: the closest similar product in stock takes the missing unit at no higher price; cash to collect drops", async () => {
    const [shelfA, shelfB] = [await subCategory(), await subCategory()];
    const milk = await product("Toned Milk", 5_000, 10, shelfA);
    const cheaper = await product("Cow Milk", 4_800, 10, shelfA); // ₹2 closer than the dearer one: chosen
    const dearer = await product("Buffalo Milk", 5_300, 10, shelfA);
    const tooDear = await product("A2 Milk", 5_600, 10, shelfA); // over +10 %
    const bread = await product("Sandwich Bread", 4_000, 10, shelfB);
    const { shopper, address } = await shopperWith([
      { id: milk.id, quantity: 2, substitution: "replace" },
      { id: bread.id, quantity: 1 },
    ]);
    const placed = await call(codRoute, "POST", "/api/order/cash-on-delivery", await bodyFor(shopper.id, address.id), { token: shopper.token, ip: randomIp() });
    expect(placed.status, placed.body.message).toBe(201);
    const orderId = restOrder(placed).orderId;
    const before = await prisma.order.findUniqueOrThrow({ where: { orderNumber: orderId } });
    expect(before.substitution).toBe("REMOVE"); // no default sent: nothing the shopper did not choose

    const packed = await pick(orderId, { [milk.id]: 1 });
    expect(packed.status, packed.body.message).toBe(200);
    const rest = restOrder(packed);
    const milkItem = rest.items.find((i) => i.productId === milk.id)!;
    expect(milkItem).toMatchObject({ quantity: 2, short: 1, lineTotal: 50, substitution: "replace" });
    expect(milkItem.substituted).toMatchObject({ outcome: "replaced", missing: 1, amount: 2, message: "1 of 2 replaced with " + cheaper.name + ", ₹2 not charged" });
    // the replacement sits right after the line it replaces, charged at its own (lower) price
    const index = rest.items.indexOf(milkItem);
    expect(rest.items[index + 1]).toMatchObject({ productId: cheaper.id, quantity: 1, unitPrice: 48, lineTotal: 48, replaces: milk.name });
    expect(rest.items.map((i) => i.productId)).not.toContain(dearer.id);
    expect(rest.items.map((i) => i.productId)).not.toContain(tooDear.id);

    const order = await auditOrder(orderId, rest);
    expect(order.totalPaise).toBe(before.totalPaise - 200);
    expect(order.refundDuePaise).toBe(0);
    // stock moved exactly: the replacement sold 1; the short product's missing unit went back to the order's ledger
    // and its shelf, found empty, was counted to 0
    expect(await shelf(cheaper.id)).toBe(9);
    expect(await shelf(dearer.id)).toBe(10);
    expect(await shelf(milk.id)).toBe(0);
    expect(await shelf(bread.id)).toBe(9);
    const moves = await prisma.stockMovement.findMany({ where: { storeId: "main", productId: milk.id }, orderBy: { createdAt: "asc" } });
    expect(moves.map((m) => [m.reason, m.delta])).toEqual([
      ["COUNT", 10],
      ["SALE", -2],
      ["RETURN", 1],
      ["COUNT", -9],
    ]);
    expect(await prisma.stockMovement.count({ where: { orderId: order.id, productId: cheaper.id, reason: "SALE", delta: -1 } })).toBe(1);

    // the shopper's e-mail says what changed and the new amount to pay
    await flushMail();
    const mail = await prisma.mailOutbox.findFirstOrThrow({ where: { to: shopper.email, subject: { contains: "changed at packing" } } });
    expect(mail.text).toContain(`${milk.name}: 1 of 2 replaced with ${cheaper.name}, ₹2 not charged`);
    expect(mail.text).toContain(`Cash on delivery: please keep ₹${order.totalPaise / 100} ready.`);

    // a cancel after packing gives back only what the order still holds
    const cancelled = await call(statusRoute, "PUT", "/api/order/status", { orderId, status: "CANCELLED" }, { token: admin.token });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(await shelf(milk.id)).toBe(1);
    expect(await shelf(cheaper.id)).toBe(10);
  });

  it("remove on a cash order (the order's default): the line leaves the bill and the cash to collect drops by it", async () => {
    const [shelfA, shelfB] = [await subCategory(), await subCategory()];
    const juice = await product("Orange Juice", 12_000, 10, shelfA);
    await product("Apple Juice", 12_000, 10, shelfA); // similar, but the shopper did not ask for a replacement
    const bread = await product("Brown Bread", 4_500, 10, shelfB);
    const { shopper, address } = await shopperWith([{ id: juice.id, quantity: 1 }, { id: bread.id, quantity: 1 }]);
    const placed = await call(codRoute, "POST", "/api/order/cash-on-delivery", await bodyFor(shopper.id, address.id, "remove"), { token: shopper.token, ip: randomIp() });
    expect(placed.status, placed.body.message).toBe(201);
    const orderId = restOrder(placed).orderId;
    const before = await prisma.order.findUniqueOrThrow({ where: { orderNumber: orderId } });

    const packed = await pick(orderId, { [juice.id]: 1 });
    expect(packed.status, packed.body.message).toBe(200);
    const rest = restOrder(packed);
    expect(rest.items.find((i) => i.productId === juice.id)).toMatchObject({
      lineTotal: 0,
      substituted: { outcome: "removed", missing: 1, amount: 120, message: "Removed — out of stock, ₹120 not charged" },
    });
    const order = await auditOrder(orderId, rest);
    // fees stay as placed (the shopper agreed to them); the items total drops by the removed line
    expect(order.totalPaise).toBe(before.totalPaise - 12_000);
    expect(order.deliveryPaise).toBe(before.deliveryPaise);
    expect(order.paymentStatus).toBe("PENDING");
    expect(await shelf(juice.id)).toBe(0);
    expect(await shelf(bread.id)).toBe(9);
  });

  it("remove on a paid card order: the difference is refunded once through the provider, and recorded", async () => {
    const shelfA = await subCategory();
    const coffee = await product("Filter Coffee", 20_000, 10, shelfA);
    await product("Instant Coffee", 19_000, 10, shelfA); // the order's default is replace; the line said remove
    const { shopper, address } = await shopperWith([{ id: coffee.id, quantity: 3, substitution: "remove" }]);
    const started = await call(checkoutRoute, "POST", "/api/order/checkout", await bodyFor(shopper.id, address.id, "replace"), { token: shopper.token, ip: randomIp() });
    expect(started.status, started.body.message).toBe(201);
    const orderId = started.body.orderId as string;
    await payLocalCheckout(shopper.viewer, started.body.id as string);
    const before = await prisma.order.findUniqueOrThrow({ where: { orderNumber: orderId } });
    expect(before).toMatchObject({ status: "PLACED", paymentStatus: "PAID", substitution: "REPLACE" });

    const packed = await pick(orderId, { [coffee.id]: 1 });
    expect(packed.status, packed.body.message).toBe(200);
    const rest = restOrder(packed);
    // the line's own choice (remove) wins over the order's default (replace)
    expect(rest.items[0]!.substituted).toMatchObject({ outcome: "removed", message: "1 of 3 removed — out of stock, ₹200 refunded" });
    expect(rest.partRefund).toEqual({ amount: 200, done: true });
    const order = await auditOrder(orderId, rest);
    expect(order).toMatchObject({ totalPaise: before.totalPaise - 20_000, refundDuePaise: 20_000, paymentStatus: "PAID" });
    expect(order.partRefundedAt).not.toBeNull();
    expect(await shelf(coffee.id)).toBe(0);

    // idempotent: asking again refunds nothing more
    expect(await refundPartDue(order.id)).toBe(true);
    const again = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(again.partRefundedAt).toEqual(order.partRefundedAt);
    expect(again.refundDuePaise).toBe(20_000);

    await flushMail();
    const mail = await prisma.mailOutbox.findFirstOrThrow({ where: { to: shopper.email, subject: { contains: "changed at packing" } } });
    expect(mail.text).toContain("₹200 is being refunded to your card.");
  });

  it("call: the pick list shows the phone; what the shopper said decides, and not reached means removed", async () => {
    const [shelfA, shelfB] = [await subCategory(), await subCategory()];
    const curd = await product("Set Curd", 3_000, 10, shelfA);
    const lassi = await product("Sweet Lassi", 3_200, 10, shelfA);
    const paneer = await product("Paneer", 9_000, 10, shelfB);
    const butter = await product("Table Butter", 5_500, 10, shelfB);
    const { shopper, address } = await shopperWith([
      { id: curd.id, quantity: 1, substitution: "call" },
      { id: paneer.id, quantity: 1, substitution: "call" },
      { id: butter.id, quantity: 1 },
    ]);
    const placed = await call(codRoute, "POST", "/api/order/cash-on-delivery", await bodyFor(shopper.id, address.id), { token: shopper.token, ip: randomIp() });
    expect(placed.status, placed.body.message).toBe(201);
    const orderId = restOrder(placed).orderId;
    const listed = await pickOrder(orderId);
    expect(listed.phone).toBe("9812345670");
    expect(listed.groups.flatMap((g) => g.lines).map((l) => l.substitution).sort()).toEqual(["call", "call", "remove"]);

    // a decision needs a short mark first
    const line = listed.groups.flatMap((g) => g.lines).find((l) => l.productId === curd.id)!;
    const early = await mark({ orderId, lineId: line._id, callDecision: "replace" });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("Mark the line short before recording what the shopper said");
    // and only a "call me" line takes one
    const butterLine = listed.groups.flatMap((g) => g.lines).find((l) => l.productId === butter.id)!;
    expect((await mark({ orderId, lineId: butterLine._id, short: 1 })).status).toBe(200);
    const notCall = await mark({ orderId, lineId: butterLine._id, callDecision: "replace" });
    expect(notCall.status).toBe(409);
    expect(notCall.body.message).toBe("The shopper did not ask to be called about this item: packing does as they chose");

    const packed = await pick(orderId, { [curd.id]: 1, [paneer.id]: 1 }, { [curd.id]: "replace" });
    expect(packed.status, packed.body.message).toBe(200);
    const rest = restOrder(packed);
    expect(rest.items.find((i) => i.productId === curd.id)!.substituted).toMatchObject({ outcome: "replaced", replacementName: lassi.name, amount: 0 });
    expect(rest.items.find((i) => i.productId === lassi.id)).toMatchObject({ unitPrice: 30, replaces: curd.name });
    expect(rest.items.find((i) => i.productId === paneer.id)!.substituted).toMatchObject({
      outcome: "removed_no_answer",
      message: "Removed — out of stock, we could not reach you by phone, ₹90 not charged",
    });
    await auditOrder(orderId, rest);
    expect(await shelf(lassi.id)).toBe(9);
  });

  it("refuses to pack an order with nothing left to deliver, and changes nothing", async () => {
    const tea = await product("Green Tea", 15_000, 10, await subCategory());
    const { shopper, address } = await shopperWith([{ id: tea.id, quantity: 2 }]);
    const placed = await call(codRoute, "POST", "/api/order/cash-on-delivery", await bodyFor(shopper.id, address.id), { token: shopper.token, ip: randomIp() });
    const orderId = restOrder(placed).orderId;
    const refused = await pick(orderId, { [tea.id]: 2 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Nothing of order .* is left to deliver: every item is short\. Ask an admin to cancel it/);
    const order = await prisma.order.findUniqueOrThrow({ where: { orderNumber: orderId }, include: { lines: true } });
    expect(order.status).toBe("PLACED");
    expect(order.lines[0]!.substitutedAt).toBeNull();
    expect(await shelf(tea.id)).toBe(8);
  });
});
