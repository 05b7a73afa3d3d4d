import { randomInt, randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { POST as checkoutRoute } from "@/app/api/order/checkout/route";
import { POST as webhookRoute } from "@/app/api/order/webhook/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { getMyOrder } from "@/app/api/_rest/orders";
import { abandonPendingPayment } from "@/lib/orders";
import { call, uniqueEmail } from "../fakes/accounts-api";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// Issue 15 F5: the card checkout keeps the cart until the payment succeeds. The order waits as "awaiting payment"
// with its stock held; a confirmed payment removes only the ordered quantities; a cancelled or expired one leaves
// the cart as it was; a new checkout (card or cash) replaces the pending one. Real Stripe SDK against the fake.

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

async function makeProduct(stock = 20): Promise<Product> {
  return prisma.product.create({
    data: {
      name: `Kept Cart Dal ${randomUUID().slice(0, 6)}`,
      images: ["/media/catalog/dal.webp"],
      unit: "1 kg",
      stock,
      pricePaise: 10_000,
      discount: 10,
      description: "test",
    },
    select: { id: true, name: true, pricePaise: true, discount: true },
  });
}

async function makeShopper() {
  const user = await prisma.user.create({
    data: { name: "Cart Keeper", email: uniqueEmail("kept"), passwordHash: "-" },
  });
  const address = await prisma.address.create({
    data: {
      userId: user.id,
      addressLine: "4 MG Road",
      city: "Bengaluru",
      state: "KA",
      country: "India",
      pincode: "560001",
      mobile: "9876543210",
    },
  });
  const viewer = { id: user.id, role: user.role, email: user.email, name: user.name, via: "session" as const };
  return { user, viewer, addressId: address.id, token: (await issueTokenPair(user)).accessToken };
}

type Line = { product: Product; quantity: number };

async function fillCart(userId: string, lines: Line[]) {
  for (const { product, quantity } of lines) {
    await prisma.cartItem.upsert({
      where: { userId_productId: { userId, productId: product.id } },
      create: { userId, productId: product.id, quantity },
      update: { quantity },
    });
  }
}

function orderBody(addressId: string, lines: Line[]) {
  const total = toRupees(
    lines.reduce((sum, l) => sum + discountedPricePaise(l.product.pricePaise, l.product.discount) * l.quantity, 0),
  );
  return {
    list_items: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
    addressId,
    subTotalAmt: total,
    totalAmt: total,
  };
}

const cartOf = async (userId: string) =>
  Object.fromEntries(
    (await prisma.cartItem.findMany({ where: { userId }, select: { productId: true, quantity: true } })).map((c) => [
      c.productId,
      c.quantity,
    ]),
  );
const stockOf = async (id: string) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stock;

function deliver(payload: unknown) {
  const raw = JSON.stringify(payload);
  const header = Stripe.webhooks.generateTestHeaderString({ payload: raw, secret: WEBHOOK_SECRET });
  return call(webhookRoute, "POST", "/api/order/webhook", undefined, {
    raw,
    headers: { "content-type": "application/json", "stripe-signature": header },
  });
}

async function cardCheckout(token: string, body: unknown) {
  const res = await call(checkoutRoute, "POST", "/api/order/checkout", body, {
    token,
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(res.status, res.body.message).toBe(201);
  const order = await prisma.order.findUniqueOrThrow({ where: { paymentSessionId: res.body.id as string } });
  return { res, order, session: stripe.sessions.get(res.body.id as string)! };
}

async function onePartnerFree() {
  await prisma.deliveryPartner.updateMany({ data: { isAvailable: false } });
  await prisma.order.updateMany({ where: { dispatchQueuedAt: { not: null } }, data: { dispatchQueuedAt: null } });
  await prisma.deliveryPartner.create({
    data: {
      name: "Kept Cart Rider",
      phone: `8${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      isAvailable: true,
      availableSince: new Date(),
    },
  });
}

describe("card checkout keeps the cart until the payment succeeds (issue 15 F5)", () => {
  beforeEach(onePartnerFree);

  it("answers the hosted page's url and the session id, and leaves the cart as it was", async () => {
    const [tea, rice] = [await makeProduct(), await makeProduct()];
    const { user, token, addressId } = await makeShopper();
    const lines = [
      { product: tea, quantity: 2 },
      { product: rice, quantity: 1 },
    ];
    await fillCart(user.id, lines);
    const { res, order, session } = await cardCheckout(token, orderBody(addressId, lines));
    expect(res.body).toMatchObject({ success: true, id: session.id, url: session.url, orderId: order.orderNumber });
    expect(order).toMatchObject({ status: "PENDING_PAYMENT", paymentStatus: "PENDING" });
    expect(await stockOf(tea.id)).toBe(18);
    expect(await cartOf(user.id)).toEqual({ [tea.id]: 2, [rice.id]: 1 });
  });

  it("a cancelled payment (back through cancel_url) leaves the cart intact: nothing lost, nothing doubled", async () => {
    const [tea, rice] = [await makeProduct(), await makeProduct()];
    const { user, viewer, token, addressId } = await makeShopper();
    const lines = [
      { product: tea, quantity: 2 },
      { product: rice, quantity: 1 },
    ];
    await fillCart(user.id, lines);
    const { order, session } = await cardCheckout(token, orderBody(addressId, lines));
    // the shopper backs out of the payment page: the cart is there all along
    expect(await cartOf(user.id)).toEqual({ [tea.id]: 2, [rice.id]: 1 });
    expect(await abandonPendingPayment(viewer, order.orderNumber)).toBe("cancelled");
    expect(stripe.sessions.get(session.id)?.status).toBe("expired");
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "CANCELLED" });
    expect(await stockOf(tea.id)).toBe(20);
    expect(await cartOf(user.id)).toEqual({ [tea.id]: 2, [rice.id]: 1 });
    // Stripe's `expired` event for the same session afterwards changes nothing either
    await deliver(stripe.event("checkout.session.expired", stripe.sessions.get(session.id)!));
    expect(await cartOf(user.id)).toEqual({ [tea.id]: 2, [rice.id]: 1 });
  });

  it("an expired payment leaves the cart as the shopper has it, including changes made meanwhile", async () => {
    const tea = await makeProduct();
    const { user, token, addressId } = await makeShopper();
    await fillCart(user.id, [{ product: tea, quantity: 3 }]);
    const { session } = await cardCheckout(token, orderBody(addressId, [{ product: tea, quantity: 3 }]));
    await prisma.cartItem.updateMany({ where: { userId: user.id }, data: { quantity: 1 } });
    await deliver(stripe.event("checkout.session.expired", { ...session, status: "expired" }));
    expect(await cartOf(user.id)).toEqual({ [tea.id]: 1 });
    expect(await stockOf(tea.id)).toBe(20);
  });

  it("paying removes only the ordered quantities: lines added meanwhile stay, a raised line keeps the difference", async () => {
    const [tea, rice, salt, oil] = [await makeProduct(), await makeProduct(), await makeProduct(), await makeProduct()];
    const { user, token, addressId } = await makeShopper();
    const lines = [
      { product: tea, quantity: 2 },
      { product: rice, quantity: 1 },
      { product: oil, quantity: 2 },
    ];
    await fillCart(user.id, lines);
    const { order, session } = await cardCheckout(token, orderBody(addressId, lines));
    // while the payment page is open: tea raised to 5, salt added, oil lowered to 1
    await fillCart(user.id, [
      { product: tea, quantity: 5 },
      { product: salt, quantity: 1 },
      { product: oil, quantity: 1 },
    ]);
    const completed = stripe.event("checkout.session.completed", stripe.completeSession(session.id));
    expect((await deliver(completed)).status).toBe(200);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "PLACED",
      paymentStatus: "PAID",
    });
    expect(await cartOf(user.id)).toEqual({ [tea.id]: 3, [salt.id]: 1 });
    // the same event again removes nothing more
    expect((await deliver(completed)).body.duplicate).toBe(true);
    expect(await cartOf(user.id)).toEqual({ [tea.id]: 3, [salt.id]: 1 });
  });

  it("a second checkout cancels the pending order, expires its session and releases its stock first", async () => {
    const tea = await makeProduct(10);
    const { user, token, addressId } = await makeShopper();
    await fillCart(user.id, [{ product: tea, quantity: 6 }]);
    const first = await cardCheckout(token, orderBody(addressId, [{ product: tea, quantity: 6 }]));
    expect(await stockOf(tea.id)).toBe(4);

    // 6 more would not fit beside the first order's hold: the first is released before the second takes stock
    const second = await cardCheckout(token, orderBody(addressId, [{ product: tea, quantity: 6 }]));
    expect(await prisma.order.findUniqueOrThrow({ where: { id: first.order.id } })).toMatchObject({
      status: "CANCELLED",
      paymentStatus: "FAILED",
    });
    expect(stripe.sessions.get(first.session.id)?.status).toBe("expired");
    expect(second.order.status).toBe("PENDING_PAYMENT");
    expect(await stockOf(tea.id)).toBe(4);
    expect(await prisma.order.count({ where: { userId: user.id, status: "PENDING_PAYMENT" } })).toBe(1);
    expect(await cartOf(user.id)).toEqual({ [tea.id]: 6 });

    // a payment that still arrives for the replaced order is refunded, and the cart is not touched
    const late = stripe.completeSession(first.session.id);
    await deliver(stripe.event("checkout.session.completed", late));
    expect(await prisma.order.findUniqueOrThrow({ where: { id: first.order.id } })).toMatchObject({
      status: "CANCELLED",
      paymentStatus: "REFUNDED",
    });
    expect(stripe.refunds.filter((r) => r.payment_intent === late.payment_intent)).toHaveLength(1);
    expect(await cartOf(user.id)).toEqual({ [tea.id]: 6 });
  });

  it("a cash order while a card payment is pending cancels the pending one first", async () => {
    const tea = await makeProduct(8);
    const { user, token, addressId } = await makeShopper();
    await fillCart(user.id, [{ product: tea, quantity: 5 }]);
    const pending = await cardCheckout(token, orderBody(addressId, [{ product: tea, quantity: 5 }]));
    expect(await stockOf(tea.id)).toBe(3);
    const cod = await call(codRoute, "POST", "/api/order/cash-on-delivery", orderBody(addressId, [{ product: tea, quantity: 5 }]), {
      token,
    });
    expect(cod.status, cod.body.message).toBe(201);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: pending.order.id } })).toMatchObject({
      status: "CANCELLED",
    });
    expect(stripe.sessions.get(pending.session.id)?.status).toBe("expired");
    expect(await stockOf(tea.id)).toBe(3);
    expect(await cartOf(user.id)).toEqual({});
  });

  it("the order page offers Resume payment (the hosted page) while the session is open", async () => {
    const tea = await makeProduct();
    const { user, viewer, token, addressId } = await makeShopper();
    await fillCart(user.id, [{ product: tea, quantity: 1 }]);
    const { order, session } = await cardCheckout(token, orderBody(addressId, [{ product: tea, quantity: 1 }]));
    expect((await getMyOrder(viewer, order.orderNumber)).resumePaymentUrl).toBe(session.url);
    // the hold ran out (the sweeper has not run yet): the session is about to be expired, nothing to resume
    await prisma.order.update({ where: { id: order.id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    expect((await getMyOrder(viewer, order.orderNumber)).resumePaymentUrl).toBeUndefined();
    await prisma.order.update({ where: { id: order.id }, data: { holdExpiresAt: new Date(Date.now() + 60_000) } });
    await deliver(stripe.event("checkout.session.completed", stripe.completeSession(session.id)));
    expect(await getMyOrder(viewer, order.orderNumber)).not.toHaveProperty("resumePaymentUrl");
  });
});
