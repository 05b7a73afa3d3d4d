import { randomInt, randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as checkoutRoute } from "@/app/api/order/checkout/route";
import { POST as webhookRoute } from "@/app/api/order/webhook/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { call, uniqueEmail } from "../fakes/accounts-api";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// Issue 8, fault (c): Stripe's webhook meets a failing database. The failure is made inside PostgreSQL itself, on the
// FIRST attempt only (a sequence counts attempts: sequences ignore the rollback), and stays installed for the retry,
// as a real transient fault would. Stripe must get a 5xx (so it retries) and the payment must land exactly once.

const WEBHOOK_SECRET = "whsec_test_faults";
let stripe: FakeStripe;
const installed: string[] = [];

beforeAll(async () => {
  stripe = await startFakeStripe();
  process.env.STRIPE_SECRET_KEY = "sk_test_faults";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = stripe.url;
});

afterAll(async () => {
  await flushMail();
  await stripe.close();
  process.env.STRIPE_SECRET_KEY = "";
});

beforeEach(async () => {
  // exactly one free partner and nothing queued, so "dispatched once" is visible on one row
  await prisma.deliveryPartner.updateMany({ data: { isAvailable: false } });
  await prisma.order.updateMany({ where: { dispatchQueuedAt: { not: null } }, data: { dispatchQueuedAt: null } });
  await prisma.deliveryPartner.create({
    data: {
      name: "Fault Rider",
      phone: `6${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      isAvailable: true,
      availableSince: new Date(),
    },
  });
});

afterEach(async () => {
  for (const name of installed.splice(0)) {
    await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name} ON "Order"`);
    await prisma.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${name}()`);
    await prisma.$executeRawUnsafe(`DROP SEQUENCE IF EXISTS ${name}_attempts`);
  }
});

/** A card order waiting for Stripe: placed through the checkout route, its session completed on the fake. */
async function paidSessionEvent() {
  const product = await prisma.product.create({
    data: { name: `Fault Ghee ${randomUUID().slice(0, 6)}`, images: [], unit: "500 ml", stock: 10, pricePaise: 12_500, discount: 10, description: "test" },
  });
  const user = await prisma.user.create({ data: { name: "Fault Payer", email: uniqueEmail("fault"), passwordHash: "-" } });
  const token = (await issueTokenPair(user)).accessToken;
  const address = await prisma.address.create({
    data: { userId: user.id, addressLine: "1 Fault Lane", city: "Bengaluru", state: "KA", country: "India", pincode: "560001", mobile: "9876543210" },
  });
  await prisma.cartItem.create({ data: { userId: user.id, productId: product.id, quantity: 2 } });
  const total = toRupees(discountedPricePaise(product.pricePaise, product.discount) * 2);
  const res = await call(checkoutRoute, "POST", "/api/order/checkout", {
    list_items: [{ productId: product.id, quantity: 2 }],
    addressId: address.id,
    subTotalAmt: total,
    totalAmt: total,
  }, { token });
  expect(res.status, res.body.message).toBe(201);
  const order = await prisma.order.findUniqueOrThrow({ where: { paymentSessionId: res.body.id as string } });
  const event = stripe.event("checkout.session.completed", stripe.completeSession(order.paymentSessionId!));
  return { order, product, event };
}

function deliver(event: unknown) {
  const raw = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: raw, secret: WEBHOOK_SECRET });
  return call(webhookRoute, "POST", "/api/order/webhook", undefined, {
    raw,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
}

/** Installs `action` (PL/pgSQL) to run when the order is being marked paid, on the first attempt only. */
async function failFirstPayment(orderId: string, action: string) {
  const name = `fault_${randomUUID().replace(/-/g, "").slice(0, 10)}`;
  installed.push(name);
  await prisma.$executeRawUnsafe(`CREATE SEQUENCE ${name}_attempts`);
  await prisma.$executeRawUnsafe(`
    CREATE FUNCTION ${name}() RETURNS trigger AS $$
    BEGIN
      IF NEW.id = '${orderId}' AND NEW."paymentStatus" = 'PAID' AND nextval('${name}_attempts') = 1 THEN ${action}; END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await prisma.$executeRawUnsafe(`CREATE TRIGGER ${name} BEFORE UPDATE ON "Order" FOR EACH ROW EXECUTE FUNCTION ${name}()`);
}

/** Nothing of the payment is visible: no event recorded, the order still waiting, no partner, stock still held. */
async function expectUntouched(order: { id: string }, eventId: string, productId: string) {
  expect(await prisma.paymentEvent.count({ where: { id: eventId } })).toBe(0);
  expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
    status: "PENDING_PAYMENT",
    paymentStatus: "PENDING",
  });
  expect(await prisma.partnerAssignment.count({ where: { orderId: order.id } })).toBe(0);
  expect((await prisma.product.findUniqueOrThrow({ where: { id: productId } })).stock).toBe(8);
}

/** Stripe's retry (same event) lands once; a third delivery is a duplicate and changes nothing. */
async function expectRetryAppliesOnce(order: { id: string }, event: { id: string }, productId: string) {
  const retried = await deliver(event);
  expect(retried.status, retried.body.message).toBe(200);
  expect(retried.body).toMatchObject({ applied: true });
  const again = await deliver(event);
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ duplicate: true });
  expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "PLACED", paymentStatus: "PAID" });
  expect(await prisma.paymentEvent.count({ where: { id: event.id } })).toBe(1);
  expect(await prisma.partnerAssignment.count({ where: { orderId: order.id } })).toBe(1);
  // the stock was taken once, at checkout; paying neither takes nor returns any
  expect((await prisma.product.findUniqueOrThrow({ where: { id: productId } })).stock).toBe(8);
}

describe("POST /api/order/webhook when the database fails the first attempt", () => {
  it("an error raised by the database: 500 without details, nothing applied; the retry applies it once", async () => {
    const { order, product, event } = await paidSessionEvent();
    await failFirstPayment(order.id, "RAISE EXCEPTION 'disk full (simulated)'");
    const failed = await deliver(event);
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ success: false, error: true });
    expect(failed.body.message).not.toMatch(/disk|simulated|stack/i);
    await expectUntouched(order, event.id, product.id);
    await expectRetryAppliesOnce(order, event, product.id);
  });

  it("the connection killed mid-transaction: 503 in the envelope, nothing applied; the retry applies it once", async () => {
    const { order, product, event } = await paidSessionEvent();
    // the backend serving the webhook's transaction terminates itself, as when PostgreSQL restarts under it
    await failFirstPayment(order.id, "PERFORM pg_terminate_backend(pg_backend_pid())");
    const failed = await deliver(event);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ success: false, error: true, message: expect.stringMatching(/briefly unavailable/) });
    await expectUntouched(order, event.id, product.id);
    await expectRetryAppliesOnce(order, event, product.id);
  });
});
