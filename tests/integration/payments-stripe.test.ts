import { randomInt, randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/api/order/cancel/route";
import { POST as checkoutRoute } from "@/app/api/order/checkout/route";
import { PUT as statusRoute } from "@/app/api/order/status/route";
import { POST as webhookRoute } from "@/app/api/order/webhook/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { abandonPendingPayment, releaseExpiredHolds, retryPendingRefunds } from "@/lib/orders";
import { call, uniqueEmail } from "../fakes/accounts-api";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// Card payments with the REAL Stripe SDK against a local fake Stripe (STRIPE_API_URL), and Stripe's webhook
// signed with stripe.webhooks.generateTestHeaderString, against a real PostgreSQL with real concurrency.

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

async function makeUser(role: "USER" | "ADMIN" = "USER") {
  const user = await prisma.user.create({
    data: { name: "Card Payer", email: uniqueEmail("card"), passwordHash: "-", role },
  });
  return { ...user, token: (await issueTokenPair(user)).accessToken };
}

async function makeProduct(stock: number, pricePaise = 12_500, discount = 10) {
  return prisma.product.create({
    data: {
      name: `Card Ghee ${randomUUID().slice(0, 6)}`,
      images: ["/media/catalog/ghee.webp"],
      unit: "500 ml",
      stock,
      pricePaise,
      discount,
      description: "test",
    },
  });
}

/** Exactly one free partner, nothing queued. */
async function onePartnerFree() {
  await prisma.deliveryPartner.updateMany({ data: { isAvailable: false } });
  await prisma.order.updateMany({ where: { dispatchQueuedAt: { not: null } }, data: { dispatchQueuedAt: null } });
  return prisma.deliveryPartner.create({
    data: {
      name: "Card Rider",
      phone: `7${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      isAvailable: true,
      availableSince: new Date(),
    },
  });
}

async function cardShopper(product: { id: string; pricePaise: number; discount: number }, quantity = 2) {
  const user = await makeUser();
  const address = await prisma.address.create({
    data: {
      userId: user.id,
      addressLine: "9 Park Street",
      city: "Bengaluru",
      state: "KA",
      country: "India",
      pincode: "560001",
      mobile: "9876543210",
    },
  });
  await prisma.cartItem.create({ data: { userId: user.id, productId: product.id, quantity } });
  const total = toRupees(discountedPricePaise(product.pricePaise, product.discount) * quantity);
  const body = { list_items: [{ productId: product.id, quantity }], addressId: address.id, subTotalAmt: total, totalAmt: total };
  return { user, body };
}

const checkout = (token: string, body: unknown, key?: string) =>
  call(checkoutRoute, "POST", "/api/order/checkout", body, {
    token,
    headers: key ? { "Idempotency-Key": key } : {},
  });

function deliver(payload: unknown, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
  const raw = JSON.stringify(payload);
  const header =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload: raw,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: options.timestamp,
        })
      : options.signature;
  return call(webhookRoute, "POST", "/api/order/webhook", undefined, {
    raw,
    headers: { "content-type": "application/json", ...(header !== null ? { "stripe-signature": header } : {}) },
  });
}

/** A card order waiting for payment: its order row, the fake's session and the product. */
async function pendingCardOrder(stock = 10, quantity = 2) {
  const product = await makeProduct(stock);
  const { user, body } = await cardShopper(product, quantity);
  const res = await checkout(user.token, body);
  expect(res.status, res.body.message).toBe(201);
  const session = stripe.sessions.get(res.body.id as string)!;
  const order = await prisma.order.findUniqueOrThrow({ where: { paymentSessionId: session.id } });
  return { product, user, body, res, session, order };
}

const orderOf = (id: string) =>
  prisma.order.findUniqueOrThrow({ where: { id }, include: { assignment: true } });
const stockOf = async (id: string) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stock;

describe("POST /api/order/checkout (Stripe)", () => {
  beforeEach(onePartnerFree);

  it("holds the stock for 15 minutes, keeps the cart and opens a Checkout Session with server-computed INR lines", async () => {
    const { product, user, res, session, order } = await pendingCardOrder(10, 2);
    expect(res.body).toMatchObject({
      success: true,
      id: session.id,
      url: session.url,
      orderId: order.orderNumber,
    });
    expect(order).toMatchObject({ status: "PENDING_PAYMENT", paymentMethod: "CARD", paymentStatus: "PENDING" });
    const holdMinutes = (order.holdExpiresAt!.getTime() - Date.now()) / 60_000;
    expect(holdMinutes).toBeGreaterThan(14);
    expect(holdMinutes).toBeLessThanOrEqual(15);
    expect(order.paymentUrl).toBe(session.url);
    expect(order.cartKept).toBe(true);
    expect(await stockOf(product.id)).toBe(8);
    // issue 15 F5: the cart waits for the payment
    expect(await prisma.cartItem.findMany({ where: { userId: user.id }, select: { productId: true, quantity: true } }))
      .toEqual([{ productId: product.id, quantity: 2 }]);

    // ₹125 − ceil(12.5) = ₹112 → 11200 paise; ₹224 of items has free delivery, and the bill's handling fee is a line
    expect(session.line_items).toEqual([
      { name: product.name, unit_amount: 11_200, quantity: 2, currency: "inr" },
      { name: "Handling fee", unit_amount: 400, quantity: 1, currency: "inr" },
    ]);
    expect(order.totalPaise).toBe(2 * 11_200 + 400);
    expect(session.amount_total).toBe(order.totalPaise);
    expect(session.metadata).toMatchObject({ orderId: order.id, orderNumber: order.orderNumber });
    expect(session.client_reference_id).toBe(order.id);
    expect(session.mode).toBe("payment");
    // the session outlives the hold (Stripe's shortest is 30 minutes): releasing the hold expires it
    expect(session.expires_at * 1000).toBeGreaterThanOrEqual(Date.now() + 30 * 60_000 - 5_000);
    expect(session.expires_at * 1000).toBeGreaterThan(order.holdExpiresAt!.getTime());
    expect(session.success_url).toBe("http://localhost:3000/success?text=Payment&session_id={CHECKOUT_SESSION_ID}");
    expect(session.cancel_url).toBe(`http://localhost:3000/cancel?order=${order.orderNumber}`);
    const created = stripe.requests.find((r) => r.path === "/v1/checkout/sessions");
    expect(created?.idempotencyKey).toBe(`kwikmart-checkout-${order.id}`);
  });

  it("a retried request with the same Idempotency-Key returns the same session and makes one order", async () => {
    const product = await makeProduct(10);
    const { user, body } = await cardShopper(product, 1);
    const key = randomUUID();
    const results = await Promise.all([checkout(user.token, body, key), checkout(user.token, body, key)]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(results[1]!.body.id).toBe(results[0]!.body.id);
    expect(results[1]!.body.url).toBe(results[0]!.body.url);
    expect((await checkout(user.token, body, key)).body.id).toBe(results[0]!.body.id);
    expect(await prisma.order.count({ where: { userId: user.id } })).toBe(1);
    expect(await stockOf(product.id)).toBe(9);
  });

  it("when Stripe is down: 503, the order is cancelled, stock and cart come back, and a retry works", async () => {
    const product = await makeProduct(5);
    const { user, body } = await cardShopper(product, 2);
    const key = randomUUID();
    stripe.setMode("fail");
    try {
      const res = await checkout(user.token, body, key);
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/Card payments are unavailable/);
    } finally {
      stripe.setMode("ok");
    }
    expect(await stockOf(product.id)).toBe(5);
    expect(await prisma.cartItem.count({ where: { userId: user.id } })).toBe(1);
    expect(await prisma.order.findFirst({ where: { userId: user.id } })).toMatchObject({ status: "CANCELLED" });
    const retry = await checkout(user.token, body, key);
    expect(retry.status).toBe(201);
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe("POST /api/order/webhook", () => {
  beforeEach(onePartnerFree);

  it("checkout.session.completed delivered 5× at once: one payment, one dispatch, all answered 200", async () => {
    const { session, order } = await pendingCardOrder();
    const event = stripe.event("checkout.session.completed", stripe.completeSession(session.id));
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    const paid = await orderOf(order.id);
    expect(paid).toMatchObject({ status: "PLACED", paymentStatus: "PAID", paymentIntentId: session.payment_intent });
    expect(paid.holdExpiresAt).toBeNull();
    expect(paid.assignment).not.toBeNull();
    expect(await prisma.paymentEvent.count({ where: { id: event.id } })).toBe(1);
    expect(await prisma.partnerAssignment.count({ where: { orderId: order.id } })).toBe(1);
    await flushMail();
    expect(await prisma.mailOutbox.count({ where: { subject: { contains: order.orderNumber } } })).toBe(1);
  });

  it("an `expired` after `completed` leaves the order paid", async () => {
    const { session, order, product } = await pendingCardOrder();
    const completed = stripe.completeSession(session.id);
    expect((await deliver(stripe.event("checkout.session.completed", completed))).status).toBe(200);
    const expired = await deliver(stripe.event("checkout.session.expired", { ...completed, status: "expired" }));
    expect(expired.status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: "PLACED", paymentStatus: "PAID" });
    expect(await stockOf(product.id)).toBe(8);
  });

  it("completed and expired arriving together: the order ends paid or (if expired won) refunded, never half", async () => {
    const { session, order } = await pendingCardOrder();
    const completed = stripe.completeSession(session.id);
    await Promise.all([
      deliver(stripe.event("checkout.session.completed", completed)),
      deliver(stripe.event("checkout.session.expired", { ...completed, status: "expired" })),
    ]);
    const final = await orderOf(order.id);
    expect([`PLACED/PAID`, `CANCELLED/REFUNDED`]).toContain(`${final.status}/${final.paymentStatus}`);
  });

  it("checkout.session.expired cancels an unpaid order and returns its stock (the cart stays as it was)", async () => {
    const { session, order, product, user } = await pendingCardOrder(10, 3);
    expect(await stockOf(product.id)).toBe(7);
    const res = await deliver(stripe.event("checkout.session.expired", { ...session, status: "expired" }));
    expect(res.status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: "CANCELLED", paymentStatus: "FAILED" });
    expect(await stockOf(product.id)).toBe(10);
    expect(await prisma.cartItem.findMany({ where: { userId: user.id }, select: { quantity: true } })).toEqual([
      { quantity: 3 },
    ]);
  });

  it("async_payment_failed cancels and leaves the cart as it was; async_payment_succeeded pays", async () => {
    const failed = await pendingCardOrder(10, 2);
    await deliver(stripe.event("checkout.session.async_payment_failed", failed.session));
    expect(await orderOf(failed.order.id)).toMatchObject({ status: "CANCELLED" });
    expect(await stockOf(failed.product.id)).toBe(10);
    expect(await prisma.cartItem.findFirst({ where: { userId: failed.user.id } })).toMatchObject({ quantity: 2 });

    const ok = await pendingCardOrder();
    const unpaid = { ...stripe.completeSession(ok.session.id), payment_status: "unpaid" as const };
    const pending = await deliver(stripe.event("checkout.session.completed", unpaid));
    expect(pending.body.ignored).toBe(true);
    expect(await orderOf(ok.order.id)).toMatchObject({ status: "PENDING_PAYMENT" });
    await deliver(stripe.event("checkout.session.async_payment_succeeded", { ...unpaid, payment_status: "paid" }));
    expect(await orderOf(ok.order.id)).toMatchObject({ status: "PLACED", paymentStatus: "PAID" });
  });

  it("a forged, stale or missing signature is 400 and changes nothing", async () => {
    const { session, order } = await pendingCardOrder();
    const event = stripe.event("checkout.session.completed", stripe.completeSession(session.id));
    const forged = await deliver(event, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe("Invalid webhook signature");
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.status).toBe(400);
    expect((await deliver(event, { signature: null })).status).toBe(400);
    expect((await deliver(event, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    // a body changed after signing
    const header = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: WEBHOOK_SECRET });
    const tampered = await call(webhookRoute, "POST", "/x", undefined, {
      raw: JSON.stringify({ ...event, type: "checkout.session.expired" }),
      headers: { "stripe-signature": header },
    });
    expect(tampered.status).toBe(400);
    expect(await orderOf(order.id)).toMatchObject({ status: "PENDING_PAYMENT", paymentStatus: "PENDING" });
    expect(await prisma.paymentEvent.count({ where: { id: event.id } })).toBe(0);
  });

  it("a database error while applying is a 500 with nothing half-applied; Stripe's retry then applies it once", async () => {
    const { session, order } = await pendingCardOrder();
    const event = stripe.event("checkout.session.completed", stripe.completeSession(session.id));
    const trigger = `fail_paid_${randomUUID().replace(/-/g, "").slice(0, 8)}`;
    await prisma.$executeRawUnsafe(`
      CREATE FUNCTION ${trigger}() RETURNS trigger AS $$
      BEGIN
        IF NEW.id = '${order.id}' AND NEW."paymentStatus" = 'PAID' THEN RAISE EXCEPTION 'simulated outage'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE ON "Order" FOR EACH ROW EXECUTE FUNCTION ${trigger}()`,
    );
    try {
      const failed = await deliver(event);
      expect(failed.status).toBe(500);
      expect(failed.body.message).not.toMatch(/simulated|stack/);
      expect(await prisma.paymentEvent.count({ where: { id: event.id } })).toBe(0);
      expect(await orderOf(order.id)).toMatchObject({ status: "PENDING_PAYMENT", paymentStatus: "PENDING" });
      expect(await prisma.partnerAssignment.count({ where: { orderId: order.id } })).toBe(0);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER ${trigger} ON "Order"`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION ${trigger}()`);
    }
    const retried = await deliver(event);
    expect(retried.status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: "PLACED", paymentStatus: "PAID" });
    expect((await deliver(event)).body.duplicate).toBe(true);
  });

  it("money arriving for an order already cancelled (hold released) is refunded", async () => {
    const { session, order, product } = await pendingCardOrder();
    await prisma.order.update({ where: { id: order.id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    stripe.completeSession(session.id); // paid on Stripe, but the sweeper asks Stripe first and leaves it …
    expect((await releaseExpiredHolds()).orderNumbers).not.toContain(order.orderNumber);
    // … so simulate a hold released without asking (e.g. an admin cancel), then the late webhook
    await prisma.order.update({ where: { id: order.id }, data: { status: "CANCELLED", paymentStatus: "FAILED" } });
    await deliver(stripe.event("checkout.session.completed", stripe.sessions.get(session.id)!));
    expect(await orderOf(order.id)).toMatchObject({ status: "CANCELLED", paymentStatus: "REFUNDED" });
    expect(stripe.refunds.filter((r) => r.payment_intent === stripe.sessions.get(session.id)!.payment_intent)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(8); // the test moved status by hand; stock is not the point here
  });
});

describe("refunds and holds", () => {
  beforeEach(onePartnerFree);

  async function paidOrder() {
    const pending = await pendingCardOrder();
    await deliver(stripe.event("checkout.session.completed", stripe.completeSession(pending.session.id)));
    const intent = stripe.sessions.get(pending.session.id)!.payment_intent!;
    return { ...pending, intent };
  }

  it("cancelling a paid order refunds it once, even when the shopper and an admin cancel at the same moment", async () => {
    const { order, user, intent, product } = await paidOrder();
    const admin = await makeUser("ADMIN");
    const results = await Promise.all([
      call(cancelRoute, "POST", "/api/order/cancel", { orderId: order.orderNumber }, { token: user.token }),
      call(statusRoute, "PUT", "/api/order/status", { orderId: order.orderNumber, status: "CANCELLED" }, { token: admin.token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const done = results.find((r) => r.status === 200)!;
    expect(done.body.data).toMatchObject({ status: "CANCELLED", payment_status: "REFUNDED" });
    expect(done.body.message).toMatch(/refunded/);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    expect(stripe.refunds.find((r) => r.payment_intent === intent)?.amount).toBe(order.totalPaise);
    expect(await stockOf(product.id)).toBe(10);
    const stored = await orderOf(order.id);
    expect(stored.refundedAt).not.toBeNull();
    expect(stored.assignment?.completedAt).not.toBeNull();
    // asking again changes nothing
    expect((await call(cancelRoute, "POST", "/x", { orderId: order.orderNumber }, { token: user.token })).status).toBe(409);
    expect(await retryPendingRefunds()).toBe(0);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
  });

  it("a refund that fails (Stripe down) is retried by the retry-refunds job, still once", async () => {
    const { order, user, intent } = await paidOrder();
    stripe.setMode("fail");
    try {
      const res = await call(cancelRoute, "POST", "/x", { orderId: order.orderNumber }, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: "CANCELLED", payment_status: "PAID" });
    } finally {
      stripe.setMode("ok");
    }
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(0);
    await Promise.all([retryPendingRefunds(), retryPendingRefunds()]);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "REFUNDED" });
  });

  it("a line short at packing refunds the difference with its own amount and key, once, retried while Stripe is down; a cancel refunds the rest", async () => {
    const { order, intent } = await paidOrder();
    const admin = await makeUser("ADMIN");
    // the store found one of the two units missing (no choice made: it is removed), and the board packs the order
    await prisma.orderLine.updateMany({ where: { orderId: order.id }, data: { shortQuantity: 1 } });
    const unit = (await prisma.orderLine.findFirstOrThrow({ where: { orderId: order.id } })).unitPricePaise;
    stripe.setMode("fail");
    try {
      const packed = await call(statusRoute, "PUT", "/api/order/status", { orderId: order.orderNumber, status: "PACKED" }, { token: admin.token });
      expect(packed.status, packed.body.message).toBe(200);
      expect(packed.body.data).toMatchObject({ status: "PACKED", payment_status: "PAID", partRefund: { amount: unit / 100, done: false } });
    } finally {
      stripe.setMode("ok");
    }
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(0);
    await Promise.all([retryPendingRefunds(), retryPendingRefunds()]);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([unit]);
    const keys = stripe.requests.filter((r) => r.path === "/v1/refunds").map((r) => r.idempotencyKey);
    expect(keys).toContain(`kwikmart-refund-${order.id}-packing`);
    const packed = await orderOf(order.id);
    expect(packed).toMatchObject({ totalPaise: order.totalPaise - unit, refundDuePaise: unit, paymentStatus: "PAID" });
    expect(packed.partRefundedAt).not.toBeNull();
    expect(await retryPendingRefunds()).toBe(0);

    // cancelled after packing: the rest comes back, so the shopper gets exactly what they paid
    const cancelled = await call(statusRoute, "PUT", "/api/order/status", { orderId: order.orderNumber, status: "CANCELLED" }, { token: admin.token });
    expect(cancelled.body.data).toMatchObject({ status: "CANCELLED", payment_status: "REFUNDED" });
    const amounts = stripe.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount);
    expect(amounts).toEqual([unit, order.totalPaise - unit]);
  });

  it("the release-expired-holds job releases expired holds: the order is cancelled, the session expired, the stock returned", async () => {
    const { order, product, session } = await pendingCardOrder(6, 4);
    expect(await stockOf(product.id)).toBe(2);
    expect((await releaseExpiredHolds()).orderNumbers).not.toContain(order.orderNumber);
    await prisma.order.update({ where: { id: order.id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    const released = await releaseExpiredHolds();
    expect(released.orderNumbers).toContain(order.orderNumber);
    expect(await orderOf(order.id)).toMatchObject({ status: "CANCELLED", paymentStatus: "FAILED", holdExpiresAt: null });
    expect(await stockOf(product.id)).toBe(6);
    expect(stripe.sessions.get(session.id)?.status).toBe("expired");
    // the late `expired` webhook changes nothing more
    await deliver(stripe.event("checkout.session.expired", stripe.sessions.get(session.id)!));
    expect(await stockOf(product.id)).toBe(6);
  });

  it("returning through cancel_url cancels the pending order, expires its session and leaves the cart as it was", async () => {
    const { order, product, session, user } = await pendingCardOrder(10, 2);
    const viewer = { id: user.id, role: user.role, email: user.email, name: user.name, via: "session" as const };
    const stranger = await makeUser();
    await expect(
      abandonPendingPayment({ ...viewer, id: stranger.id }, order.orderNumber),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await abandonPendingPayment(viewer, order.orderNumber)).toBe("cancelled");
    expect(stripe.sessions.get(session.id)?.status).toBe("expired");
    expect(await stockOf(product.id)).toBe(10);
    expect(await prisma.cartItem.findFirst({ where: { userId: user.id } })).toMatchObject({ quantity: 2 });
    expect(await abandonPendingPayment(viewer, order.orderNumber)).toBe("unchanged");

    // a session paid meanwhile is not cancelled
    const paid = await pendingCardOrder();
    stripe.completeSession(paid.session.id);
    const payer = { id: paid.user.id, role: paid.user.role, email: paid.user.email, name: paid.user.name, via: "session" as const };
    expect(await abandonPendingPayment(payer, paid.order.orderNumber)).toBe("paid");
    expect(await orderOf(paid.order.id)).toMatchObject({ status: "PENDING_PAYMENT" });
  });
});
