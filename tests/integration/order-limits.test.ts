import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/api/order/cancel/route";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { POST as checkoutRoute } from "@/app/api/order/checkout/route";
import { POST as webhookRoute } from "@/app/api/order/webhook/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { JOBS } from "@/lib/jobs";
import { flushMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { call, randomIp, uniqueEmail } from "../fakes/accounts-api";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// Issue 20 finding #6, stock hoarding: one account took all 20 units of a product with two never-paid card orders.
// Now: one order awaiting payment per account (a new checkout replaces it), at most 10 of a product across a
// shopper's unpaid orders, order placement limited to 10 a minute per account and 30 per address, at most 3 open
// cash orders, and a hold released after 15 minutes (its Stripe session expired first; a payment arriving after
// that is refunded). Each refusal changes nothing.

const WEBHOOK_SECRET = "whsec_test_kwikmart";
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  process.env.STRIPE_SECRET_KEY = "sk_test_kwikmart";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = stripe.url;
});

afterAll(async () => {
  await flushMail();
  await stripe.close();
  process.env.STRIPE_SECRET_KEY = "";
});

// ---- fixtures (each integration file makes its own) ----

type Product = { id: string; name: string; pricePaise: number; discount: number };

const makeProduct = (stock: number): Promise<Product> =>
  prisma.product.create({
    data: {
      name: `Hoard Sugar ${randomUUID().slice(0, 6)}`,
      images: ["/media/catalog/sugar.webp"],
      unit: "1 kg",
      stock,
      pricePaise: 5_000,
      discount: 0,
      description: "test",
    },
    select: { id: true, name: true, pricePaise: true, discount: true },
  });

async function makeShopper() {
  const user = await prisma.user.create({
    data: { name: "Hoarder", email: uniqueEmail("hoard"), passwordHash: "-" },
  });
  const address = await prisma.address.create({
    data: {
      userId: user.id,
      addressLine: "1 Hill Road",
      city: "Bengaluru",
      state: "KA",
      country: "India",
      pincode: "560001",
      mobile: "9876543210",
    },
  });
  return { id: user.id, addressId: address.id, token: (await issueTokenPair(user)).accessToken };
}

type Shopper = Awaited<ReturnType<typeof makeShopper>>;

/** Puts exactly `quantity` of the product in the cart and returns the body that orders it. */
async function cartWith(shopper: Shopper, product: Product, quantity: number) {
  await prisma.cartItem.deleteMany({ where: { userId: shopper.id } });
  await prisma.cartItem.create({ data: { userId: shopper.id, productId: product.id, quantity } });
  const total = toRupees(discountedPricePaise(product.pricePaise, product.discount) * quantity);
  return { list_items: [{ productId: product.id, quantity }], addressId: shopper.addressId, subTotalAmt: total, totalAmt: total };
}

const cod = (shopper: Shopper, body: unknown, ip?: string) =>
  call(codRoute, "POST", "/api/order/cash-on-delivery", body, { token: shopper.token, ip });
const card = (shopper: Shopper, body: unknown, ip?: string) =>
  call(checkoutRoute, "POST", "/api/order/checkout", body, {
    token: shopper.token,
    ip,
    headers: { "Idempotency-Key": randomUUID() },
  });

const stockOf = async (id: string) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stock;
/** What a refused request must leave alone: the shopper's orders, their cart, the product's stock. */
async function snapshot(shopper: Shopper, product: Product) {
  return {
    orders: await prisma.order.findMany({
      where: { userId: shopper.id },
      select: { id: true, status: true, paymentStatus: true },
      orderBy: { id: "asc" },
    }),
    cart: await prisma.cartItem.findMany({ where: { userId: shopper.id }, select: { productId: true, quantity: true } }),
    stock: await stockOf(product.id),
  };
}

function deliver(payload: unknown) {
  const raw = JSON.stringify(payload);
  const header = Stripe.webhooks.generateTestHeaderString({ payload: raw, secret: WEBHOOK_SECRET });
  return call(webhookRoute, "POST", "/api/order/webhook", undefined, {
    raw,
    headers: { "content-type": "application/json", "stripe-signature": header },
  });
}

describe("stock hoarding (issue 20 #6)", () => {
  it("two never-paid card orders of 10 hold 10 units, not 20: the second replaces the first", async () => {
    const sugar = await makeProduct(20);
    const shopper = await makeShopper();
    expect((await card(shopper, await cartWith(shopper, sugar, 10))).status).toBe(201);
    expect((await card(shopper, await cartWith(shopper, sugar, 10))).status).toBe(201);
    expect(await stockOf(sugar.id)).toBe(10);
    expect(await prisma.order.count({ where: { userId: shopper.id, status: "PENDING_PAYMENT" } })).toBe(1);
  });

  it("one account cannot hold more than 10 of a product across its unpaid orders (409, nothing changes)", async () => {
    const sugar = await makeProduct(30);
    const shopper = await makeShopper();
    expect((await cod(shopper, await cartWith(shopper, sugar, 6))).status).toBe(201);

    const body = await cartWith(shopper, sugar, 5);
    // a card payment awaiting beside it: replaced by the next checkout, so it never counts
    const pending = await card(shopper, await cartWith(shopper, sugar, 4));
    expect(pending.status).toBe(201);
    await cartWith(shopper, sugar, 5);
    const before = await snapshot(shopper, sugar);
    for (const place of [cod, card]) {
      const refused = await place(shopper, body);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/already have 6 of .* at most 10 of a product .* Reduce it to 4/);
      expect(await snapshot(shopper, sugar)).toEqual(before);
    }
    expect(stripe.sessions.get(pending.body.id as string)?.status).toBe("open");

    // up to the cap is fine
    expect((await card(shopper, await cartWith(shopper, sugar, 4))).status).toBe(201);
    expect(await stockOf(sugar.id)).toBe(20);
  });

  it("one account's checkouts at once still hold at most 10 of a product and one order awaiting payment", async () => {
    // the caps are read in one statement under the account's lock (issue 19 #3): concurrent placements of one
    // account take turns, and each sees what the previous one left (its order awaiting payment, replaced)
    const sugar = await makeProduct(30);
    const shopper = await makeShopper();
    expect((await cod(shopper, await cartWith(shopper, sugar, 6))).status).toBe(201);
    const body = await cartWith(shopper, sugar, 4);
    const answers = await Promise.all(Array.from({ length: 6 }, () => card(shopper, body)));
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(answers.some((a) => a.status === 201)).toBe(true);
    const unpaid = await prisma.order.findMany({
      where: { userId: shopper.id, paymentStatus: "PENDING", status: { not: "CANCELLED" } },
      select: { status: true, lines: { select: { quantity: true } } },
    });
    expect(unpaid.filter((o) => o.status === "PENDING_PAYMENT")).toHaveLength(1);
    expect(unpaid.flatMap((o) => o.lines).reduce((sum, l) => sum + l.quantity, 0)).toBe(10);
    expect(await stockOf(sugar.id)).toBe(20);
  });

  it("the 11th order placement of an account in a minute is 429 and changes nothing", async () => {
    const sugar = await makeProduct(50);
    const shopper = await makeShopper();
    for (let i = 0; i < 10; i++) {
      const res = await card(shopper, await cartWith(shopper, sugar, 1));
      expect(res.status, `placement ${i + 1}: ${res.body.message}`).toBe(201);
    }
    const before = await snapshot(shopper, sugar);
    const refused = await card(shopper, await cartWith(shopper, sugar, 1));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many orders .* Try again in \d+ seconds?\./);
    expect(refused.response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await snapshot(shopper, sugar)).toEqual(before);
    // cash too: the limit counts placements, whatever the payment
    expect((await cod(shopper, await cartWith(shopper, sugar, 1))).status).toBe(429);
    expect(await snapshot(shopper, sugar)).toEqual(before);
  });

  it("the 31st order placement from one address in a minute is 429, whoever is signed in", async () => {
    const sugar = await makeProduct(10);
    const ip = randomIp();
    for (let account = 0; account < 3; account++) {
      const shopper = await makeShopper();
      // attempts count, answered or not: these carts are empty (400)
      const empty = { list_items: [], addressId: shopper.addressId, subTotalAmt: 0, totalAmt: 0 };
      for (let i = 0; i < 10; i++) expect((await cod(shopper, empty, ip)).status).toBe(400);
    }
    const shopper = await makeShopper();
    const body = await cartWith(shopper, sugar, 1);
    const before = await snapshot(shopper, sugar);
    const refused = await cod(shopper, body, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many orders/);
    expect(await snapshot(shopper, sugar)).toEqual(before);
    expect((await cod(shopper, body, randomIp())).status).toBe(201);
  });

  it("a 4th open cash-on-delivery order is 409 with a clear message and changes nothing", async () => {
    const sugar = await makeProduct(10);
    const shopper = await makeShopper();
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await cod(shopper, await cartWith(shopper, sugar, 1));
      expect(res.status, res.body.message).toBe(201);
      numbers.push((res.body.data as { orderId: string }[])[0]!.orderId);
    }
    const body = await cartWith(shopper, sugar, 1);
    const before = await snapshot(shopper, sugar);
    const refused = await cod(shopper, body);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "You already have 3 cash-on-delivery orders on their way. Wait until one is delivered (or cancel one) before " +
        "placing another, or pay by card.",
    );
    expect(await snapshot(shopper, sugar)).toEqual(before);

    // one cancelled: room for another
    const cancelled = await call(cancelRoute, "POST", "/api/order/cancel", { orderId: numbers[0] }, { token: shopper.token });
    expect(cancelled.status).toBe(200);
    expect((await cod(shopper, body)).status).toBe(201);
  });

  it("a hold older than 15 minutes is released by the job (session expired first); a payment after that is refunded", async () => {
    const sugar = await makeProduct(10);
    const shopper = await makeShopper();
    const res = await card(shopper, await cartWith(shopper, sugar, 3));
    expect(res.status).toBe(201);
    const order = await prisma.order.findUniqueOrThrow({ where: { paymentSessionId: res.body.id as string } });
    expect(await stockOf(sugar.id)).toBe(7);

    const run = { id: "test", attempt: 1, lastAttempt: true };
    // 14 minutes on: still held
    await prisma.order.update({ where: { id: order.id }, data: { holdExpiresAt: new Date(order.holdExpiresAt!.getTime() - 14 * 60_000) } });
    expect(await JOBS["release-expired-holds"]({}, run)).toMatchObject({ released: expect.any(Number) });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "PENDING_PAYMENT" });

    // 16 minutes on: released, its Stripe session (which lasts 31) expired first, the cart left alone
    await prisma.order.update({ where: { id: order.id }, data: { holdExpiresAt: new Date(order.holdExpiresAt!.getTime() - 16 * 60_000) } });
    const released = await JOBS["release-expired-holds"]({}, run);
    expect(released).toMatchObject({ orderNumbers: expect.arrayContaining([order.orderNumber]) });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "CANCELLED",
      paymentStatus: "FAILED",
    });
    expect(stripe.sessions.get(order.paymentSessionId!)?.status).toBe("expired");
    expect(await stockOf(sugar.id)).toBe(10);
    const cart = await prisma.cartItem.findMany({ where: { userId: shopper.id }, select: { quantity: true } });
    expect(cart).toEqual([{ quantity: 3 }]);

    // the shopper's payment went through at Stripe as the session closed: the money goes back, the cart stays
    const paid = stripe.completeSession(order.paymentSessionId!);
    expect((await deliver(stripe.event("checkout.session.completed", paid))).status).toBe(200);
    const after = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(after).toMatchObject({ status: "CANCELLED", paymentStatus: "REFUNDED", paymentIntentId: paid.payment_intent });
    expect(after.refundedAt).not.toBeNull();
    const refunds = stripe.refunds.filter((r) => r.payment_intent === paid.payment_intent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(order.totalPaise);
    expect(await stockOf(sugar.id)).toBe(10);
    expect(await prisma.cartItem.findMany({ where: { userId: shopper.id }, select: { quantity: true } })).toEqual(cart);
  });
});
