import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as cartGetRoute } from "@/app/api/cart/get/route";
import { POST as applyRoute } from "@/app/api/coupon/apply/route";
import { GET as availableRoute } from "@/app/api/coupon/available/route";
import { POST as createRoute } from "@/app/api/coupon/create/route";
import { DELETE as deleteRoute } from "@/app/api/coupon/delete/route";
import { DELETE as removeRoute } from "@/app/api/coupon/remove/route";
import { PUT as updateRoute } from "@/app/api/coupon/update/route";
import { POST as cancelRoute } from "@/app/api/order/cancel/route";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { POST as checkoutRoute } from "@/app/api/order/checkout/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { updateShopFees } from "@/lib/bill";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { payLocalCheckout, releaseExpiredHolds } from "@/lib/orders";
import { call, uniqueEmail, type ApiResult } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// Coupons (issue 18) through the REST contract against a real PostgreSQL: the admin's CRUD (401/403 for others), apply
// with every rule's refusal (400 unknown, 409 with `rule` and the shopper's words), remove, the offers, the bill with
// the coupon on the cart and on the order, the use given back by a cancelled or expired order, and a total limit of 10
// that holds exactly under 50 concurrent orders.

process.env.STRIPE_SECRET_KEY = "";
process.env.STRIPE_WEBHOOK_SECRET = "";
vi.stubEnv("ALLOW_TEST_PAYMENTS", "1");

const FEES = {
  deliveryFee: "30",
  freeDeliveryFrom: "199",
  handlingFee: "4",
  smallCartFee: "20",
  smallCartBelow: "99",
  lateNightFee: "0",
  lateNightFrom: "23:00",
  lateNightTo: "06:00",
  highDemandFee: "10",
};

let admin: { token: string };

beforeAll(async () => {
  await installDemoStores();
  await updateShopFees({ id: null, email: "script:coupons-test" }, FEES);
  admin = await makeUser("ADMIN");
});

afterAll(async () => {
  await flushMail();
});

beforeEach(async () => {
  // a free partner, so a cash order is dispatched
  await prisma.deliveryPartner.create({
    data: {
      name: "Coupon Rider",
      phone: `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      isAvailable: true,
      availableSince: new Date(),
      storeId: "main",
    },
  });
});

async function makeUser(role: "USER" | "ADMIN" = "USER") {
  const user = await prisma.user.create({
    data: { name: "Coupon Shopper", email: uniqueEmail(role === "ADMIN" ? "cadmin" : "coupon"), passwordHash: "-", role },
  });
  return { id: user.id, token: (await issueTokenPair(user)).accessToken };
}

const makeProduct = (pricePaise: number, stock = 100) =>
  prisma.product.create({
    data: {
      name: `Coupon Ghee ${randomUUID().slice(0, 6)}`,
      images: [],
      unit: "500 ml",
      stock,
      pricePaise,
      discount: 0,
      description: "t",
    },
    select: { id: true, pricePaise: true },
  });

/** A shopper with an address at 560001 (the default store) and `quantity` of a product in the cart. */
async function shopperWithCart(product: { id: string; pricePaise: number }, quantity = 1) {
  const user = await makeUser();
  const address = await prisma.address.create({
    data: {
      userId: user.id,
      addressLine: "3 Coupon Lane",
      city: "Bengaluru",
      state: "Karnataka",
      country: "India",
      pincode: "560001",
      mobile: "9876543210",
    },
  });
  await prisma.cartItem.create({ data: { userId: user.id, productId: product.id, quantity } });
  const items = (product.pricePaise * quantity) / 100;
  const body = { list_items: [{ productId: product.id, quantity }], addressId: address.id, subTotalAmt: items, totalAmt: items };
  return { ...user, body };
}

const codeTag = () => randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase();

async function createCoupon(fields: Record<string, unknown>): Promise<{ _id: string; code: string }> {
  const res = await call(createRoute, "POST", "/api/coupon/create", { code: `T${codeTag()}`, ...fields }, { token: admin.token });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data as { _id: string; code: string };
}

const apply = (token: string, code: string): Promise<ApiResult> =>
  call(applyRoute, "POST", "/api/coupon/apply", { code }, { token });
const placeCod = (token: string, body: unknown) => call(codRoute, "POST", "/api/order/cash-on-delivery", body, { token });
const bill = (res: ApiResult) => (res.body.data as { bill: Record<string, unknown> }).bill;
const usedCount = async (id: string) => (await prisma.coupon.findUniqueOrThrow({ where: { id } })).usedCount;

describe("the admin's coupon calls", () => {
  it("refuse guests (401) and shoppers (403); an admin creates, updates, deactivates and deletes", async () => {
    const shopper = await makeUser();
    const body = { code: `a${codeTag()}`, type: "percent", value: 10, maxDiscount: 60, minOrder: 299 };
    expect((await call(createRoute, "POST", "/api/coupon/create", body)).status).toBe(401);
    expect((await call(createRoute, "POST", "/api/coupon/create", body, { token: shopper.token })).status).toBe(403);

    const created = await call(createRoute, "POST", "/api/coupon/create", body, { token: admin.token });
    expect(created.status, created.body.message).toBe(201);
    expect(created.body).toMatchObject({ success: true, error: false });
    const coupon = created.body.data as Record<string, unknown>;
    expect(coupon).toMatchObject({
      code: body.code.toUpperCase(),
      type: "percent",
      value: 10,
      maxDiscount: 60,
      minOrder: 299,
      perUserLimit: null,
      totalLimit: null,
      usedCount: 0,
      firstOrderOnly: false,
      storeIds: [],
      active: true,
      description: "10% off up to ₹60 on orders of ₹299 and above",
    });

    // codes are case-insensitive: the same code in lower case is taken
    const again = await call(createRoute, "POST", "/api/coupon/create", { ...body, code: body.code.toLowerCase() }, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, error: true });

    const bad = await call(createRoute, "POST", "/api/coupon/create", { code: "x", type: "gift", value: -1 }, { token: admin.token });
    expect(bad.status).toBe(400);
    const pct = await call(createRoute, "POST", "/api/coupon/create", { code: `P${codeTag()}`, type: "percent", value: 150 }, { token: admin.token });
    expect(pct.status).toBe(400);
    expect(pct.body.message).toContain("percent");

    const id = coupon._id as string;
    expect((await call(updateRoute, "PUT", "/api/coupon/update", { _id: id, active: false }, { token: shopper.token })).status).toBe(403);
    const off = await call(updateRoute, "PUT", "/api/coupon/update", { _id: id, active: false, totalLimit: 5 }, { token: admin.token });
    expect(off.status, off.body.message).toBe(200);
    expect(off.body.data).toMatchObject({ active: false, totalLimit: 5, value: 10 });
    const missing = await call(updateRoute, "PUT", "/api/coupon/update", { _id: "nope", active: true }, { token: admin.token });
    expect(missing.status).toBe(404);

    expect((await call(deleteRoute, "DELETE", "/api/coupon/delete", { _id: id })).status).toBe(401);
    const deleted = await call(deleteRoute, "DELETE", "/api/coupon/delete", { _id: id }, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(await prisma.coupon.count({ where: { id } })).toBe(0);
    const audit = await prisma.auditLog.findMany({ where: { subjectId: id } });
    expect(audit.map((a) => a.action).sort()).toEqual(["coupon.create", "coupon.delete", "coupon.update"]);
  });
});

describe("applying a coupon to the cart", () => {
  it("answers the cart's bill with the coupon, keeps it on the cart, and takes it off on remove", async () => {
    const product = await makeProduct(10_000); // ₹100 × 3 = ₹300
    const shopper = await shopperWithCart(product, 3);
    const coupon = await createCoupon({ type: "percent", value: 10, maxDiscount: 25, minOrder: 299 });

    expect((await call(applyRoute, "POST", "/api/coupon/apply", { code: coupon.code })).status).toBe(401);
    const applied = await apply(shopper.token, coupon.code.toLowerCase());
    expect(applied.status, applied.body.message).toBe(200);
    expect(applied.body.message).toBe(`${coupon.code} applied: you save ₹25`);
    expect(bill(applied)).toMatchObject({
      itemsTotal: 300,
      deliveryFee: 0,
      handlingFee: 4,
      couponCode: coupon.code,
      couponDiscount: 25,
      grandTotal: 279,
    });
    expect((bill(applied).explain as Record<string, string>).coupon).toBe("10% off up to ₹25 on orders of ₹299 and above");

    // it stays on the cart: GET /api/cart/get prices it
    const cart = await call(cartGetRoute, "GET", "/api/cart/get", undefined, { token: shopper.token });
    expect(cart.body.bill).toMatchObject({ couponCode: coupon.code, couponDiscount: 25, grandTotal: 279 });
    expect(cart.body.coupon).toMatchObject({ code: coupon.code, applied: true, discount: 25, message: null });

    // below its minimum it stays on, says what is missing, and takes nothing off
    await prisma.cartItem.updateMany({ where: { userId: shopper.id }, data: { quantity: 2 } });
    const lower = await call(cartGetRoute, "GET", "/api/cart/get", undefined, { token: shopper.token });
    expect(lower.body.bill).toMatchObject({ couponCode: null, couponDiscount: 0 });
    expect(lower.body.coupon).toMatchObject({ code: coupon.code, applied: false, message: `Add ₹99 more to use ${coupon.code}` });

    const removed = await call(removeRoute, "DELETE", "/api/coupon/remove", undefined, { token: shopper.token });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("Coupon removed");
    expect(bill(removed)).toMatchObject({ couponCode: null, couponDiscount: 0 });
    expect(await prisma.cartCoupon.count({ where: { userId: shopper.id } })).toBe(0);
  });

  it("a coupon on the cart that expires meanwhile leaves the cart and says so once", async () => {
    const product = await makeProduct(10_000);
    const shopper = await shopperWithCart(product, 2);
    const validTo = new Date(Date.now() + 60 * 60_000);
    const coupon = await createCoupon({ type: "flat", value: 20, validTo: validTo.toISOString() });
    expect((await apply(shopper.token, coupon.code)).status).toBe(200);
    const getCart = () => call(cartGetRoute, "GET", "/api/cart/get", undefined, { token: shopper.token });
    expect((await getCart()).body.coupon).toMatchObject({ applied: true, discount: 20 });

    const ended = new Date(Date.now() - 60_000);
    await prisma.coupon.update({ where: { id: coupon._id }, data: { validTo: ended } });
    const after = await getCart();
    expect(after.body.bill).toMatchObject({ couponCode: null, couponDiscount: 0 });
    expect(after.body.coupon).toMatchObject({ code: coupon.code, applied: false });
    expect((after.body.coupon as { message: string }).message).toMatch(
      new RegExp(`^${coupon.code} expired on .+: it was taken off your cart$`),
    );
    await expect.poll(() => prisma.cartCoupon.count({ where: { userId: shopper.id } })).toBe(0);
    expect((await getCart()).body.coupon).toBeNull();
  });

  it("a rejected code says which rule failed, and changes nothing", async () => {
    const product = await makeProduct(5_000); // ₹50
    const shopper = await shopperWithCart(product, 2); // ₹100
    const unknown = await apply(shopper.token, "nosuchcode");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      success: false,
      error: true,
      rule: "unknown",
      message: "NOSUCHCODE is not a valid coupon code. Check the code and try again.",
    });

    const cases: [Record<string, unknown>, string, (code: string) => string][] = [
      [{ type: "flat", value: 20, active: false }, "inactive", (c) => `${c} is not active right now`],
      [{ type: "flat", value: 20, validTo: "2020-01-01T00:00:00Z" }, "expired", (c) => `${c} expired on 1 Jan 2020, 05:30`],
      [{ type: "flat", value: 20, validFrom: "2099-01-01T00:00:00+05:30" }, "notYetValid", (c) => `${c} can be used from 1 Jan 2099, 00:00`],
      [{ type: "flat", value: 20, minOrder: 150 }, "minOrder", (c) => `Add ₹50 more to use ${c}`],
      [{ type: "flat", value: 20, storeIds: ["koramangala"] }, "store", (c) => `${c} is not valid at the MG Road store`],
      [{ type: "flat", value: 20, totalLimit: 1 }, "totalLimit", (c) => `${c} has been fully used: its 1 uses are taken`],
    ];
    for (const [fields, rule, message] of cases) {
      const coupon = await createCoupon(fields);
      if (rule === "totalLimit") await prisma.coupon.update({ where: { id: coupon._id }, data: { usedCount: 1 } });
      const res = await apply(shopper.token, coupon.code);
      expect(res.status, `${rule}: ${res.body.message}`).toBe(409);
      expect(res.body).toMatchObject({ rule, message: message(coupon.code), fieldErrors: { code: [message(coupon.code)] } });
    }
    expect(await prisma.cartCoupon.count({ where: { userId: shopper.id } })).toBe(0);
  });

  it("first order only and the per-shopper limit count placed orders; a cancelled order gives its use back", async () => {
    const product = await makeProduct(25_000); // ₹250
    const shopper = await shopperWithCart(product, 1);
    const welcome = await createCoupon({ type: "flat", value: 50, minOrder: 199, firstOrderOnly: true, perUserLimit: 1 });

    expect((await apply(shopper.token, welcome.code)).status).toBe(200);
    const placed = await placeCod(shopper.token, shopper.body);
    expect(placed.status, placed.body.message).toBe(201);
    expect(placed.body.message).toContain(`coupon −₹50`);
    const [order] = placed.body.data as { orderId: string; bill: Record<string, unknown> }[];
    expect(order!.bill).toMatchObject({ couponCode: welcome.code, couponDiscount: 50, grandTotal: 204 });
    const stored = await prisma.order.findFirstOrThrow({ where: { userId: shopper.id } });
    expect(stored).toMatchObject({ couponCode: welcome.code, couponDiscountPaise: 5_000, totalPaise: 20_400 });
    expect(await usedCount(welcome._id)).toBe(1);
    // the coupon went with the cart
    expect(await prisma.cartCoupon.count({ where: { userId: shopper.id } })).toBe(0);

    await prisma.cartItem.create({ data: { userId: shopper.id, productId: product.id, quantity: 1 } });
    const second = await apply(shopper.token, welcome.code);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ rule: "firstOrder", message: `${welcome.code} is for your first order only` });

    const cancelled = await call(cancelRoute, "POST", "/api/order/cancel", { orderId: order!.orderId }, { token: shopper.token });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(await usedCount(welcome._id)).toBe(0);
    expect(await prisma.couponUse.count({ where: { couponId: welcome._id } })).toBe(0);
    // with the only order cancelled it is a first order again
    expect((await apply(shopper.token, welcome.code)).status).toBe(200);
  });

  it("a card checkout counts the use; an expired hold gives it back and leaves the coupon on the cart; payment takes it off", async () => {
    const product = await makeProduct(30_000);
    const shopper = await shopperWithCart(product, 1);
    const coupon = await createCoupon({ type: "flat", value: 30, totalLimit: 5 });
    expect((await apply(shopper.token, coupon.code)).status).toBe(200);
    const checkout = (body: unknown) => call(checkoutRoute, "POST", "/api/order/checkout", body, { token: shopper.token });

    const first = await checkout(shopper.body);
    expect(first.status, first.body.message).toBe(201);
    expect(first.body.bill).toMatchObject({ couponCode: coupon.code, couponDiscount: 30 });
    expect(await usedCount(coupon._id)).toBe(1);
    await releaseExpiredHolds(new Date(Date.now() + 60 * 60_000));
    expect(await usedCount(coupon._id)).toBe(0);
    expect(await prisma.cartCoupon.count({ where: { userId: shopper.id } })).toBe(1);

    const second = await checkout(shopper.body);
    expect(second.status, second.body.message).toBe(201);
    const user = await prisma.user.findUniqueOrThrow({ where: { id: shopper.id } });
    await payLocalCheckout({ id: user.id, role: user.role, email: user.email, name: user.name, via: "session" }, second.body.id as string);
    expect(await usedCount(coupon._id)).toBe(1);
    expect(await prisma.cartCoupon.count({ where: { userId: shopper.id } })).toBe(0);
  });
});

describe("the offers", () => {
  it("lists the coupons the shopper qualifies for, then the nearest ones with what is missing", async () => {
    await prisma.coupon.updateMany({ data: { active: false } });
    const product = await makeProduct(10_000);
    const shopper = await shopperWithCart(product, 2); // ₹200
    const fits = await createCoupon({ type: "flat", value: 40, minOrder: 150 });
    const near = await createCoupon({ type: "percent", value: 10, maxDiscount: 60, minOrder: 250 });
    const far = await createCoupon({ type: "flat", value: 100, minOrder: 799 });
    await createCoupon({ type: "flat", value: 10, storeIds: ["koramangala"] });
    await createCoupon({ type: "flat", value: 10, active: false });

    const res = await call(availableRoute, "GET", "/api/coupon/available", undefined, { token: shopper.token });
    expect(res.status).toBe(200);
    const offers = res.body.data as { code: string; qualifies: boolean; discount: number; missing: number; message: string | null }[];
    expect(offers.map((o) => o.code)).toEqual([fits.code, near.code, far.code]);
    expect(offers[0]).toMatchObject({ qualifies: true, discount: 40, missing: 0, message: null });
    expect(offers[1]).toMatchObject({ qualifies: false, discount: 0, missing: 50, message: `Add ₹50 more to use ${near.code}` });
    expect(offers[2]).toMatchObject({ qualifies: false, missing: 599 });
    expect((res.body.available as unknown[]).length).toBe(1);
    expect((res.body.nearest as unknown[]).length).toBe(2);
    expect((await call(availableRoute, "GET", "/api/coupon/available")).status).toBe(401);
  });
});

describe("a total limit under concurrency (race)", () => {
  it("a total limit of 10 holds exactly under 50 concurrent orders (cash and card); the others are refused with 409 naming the coupon", async () => {
    const product = await makeProduct(25_000, 1_000);
    const coupon = await createCoupon({ type: "flat", value: 50, totalLimit: 10 });
    const shoppers = [];
    for (let i = 0; i < 50; i++) shoppers.push(await shopperWithCart(product, 1));
    for (const s of shoppers) expect((await apply(s.token, coupon.code)).status).toBe(200);

    // cash orders and card checkouts at once: both claim the coupon the same way
    const results = await Promise.all(
      shoppers.map((s, i) =>
        i % 2 ? call(checkoutRoute, "POST", "/api/order/checkout", s.body, { token: s.token }) : placeCod(s.token, s.body),
      ),
    );
    const statuses = results.map((r) => r.status);
    const other = results.filter((r) => r.status !== 201 && r.status !== 409);
    if (other.length) console.error(other.slice(0, 3).map((r) => `${r.status} ${r.body.message}`));
    expect(statuses.filter((s) => s === 201).length).toBe(10);
    expect(statuses.filter((s) => s === 409).length).toBe(40);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body.message).toContain(`${coupon.code} has been fully used`);
      expect(refused.body.message).toContain("The total is now ₹254");
    }
    expect(await usedCount(coupon._id)).toBe(10);
    expect(await prisma.couponUse.count({ where: { couponId: coupon._id } })).toBe(10);
    expect(await prisma.order.count({ where: { couponCode: coupon.code, couponDiscountPaise: 5_000 } })).toBe(10);
    // the refused shoppers' carts lost the coupon: placing again (cash) pays the total they were told
    const loser = shoppers[statuses.findIndex((s, i) => s === 409 && i % 2 === 0)]!;
    expect(await prisma.cartCoupon.count({ where: { userId: loser.id } })).toBe(0);
    const retry = await placeCod(loser.token, loser.body);
    expect(retry.status, retry.body.message).toBe(201);
    expect((retry.body.data as { bill: { grandTotal: number } }[])[0]!.bill.grandTotal).toBe(254);
  });
});
