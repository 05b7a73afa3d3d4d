import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { POST as tipRoute } from "@/app/api/order/tip/route";
import { POST as webhookRoute } from "@/app/api/order/webhook/route";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { getMyOrder, revenueSummary, tipAfterDeliveryOf } from "@/lib/orders";
import {
  cancelLocalTip,
  cancelTipAfterDelivery,
  payLocalTip,
  startTipAfterDelivery,
} from "@/lib/orders/tip-after-delivery";
import { partnerToday } from "@/lib/partners/app";
import { cashInHand } from "@/lib/partners/ledger";
import { call } from "../fakes/accounts-api";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import { installDemoStores } from "../support/demo-stores";
import { freePartner, makeUser, moveOrder, shopperWithCart } from "../support/bill-shopper";

// Issue 18: a tip added from the order page after delivery, paid by card in its own checkout session. Only a paid
// session adds it — once — to the order's bill (tip and grand total) and the partner's tips; refusals for an order
// not delivered, not the caller's, an amount over the cap, and a second tip. Against the local test checkout and
// against the REAL Stripe SDK pointed at the local fake Stripe, with signed webhooks.

const WEBHOOK_SECRET = "whsec_test_tips";

beforeAll(async () => {
  await installDemoStores();
  process.env.STRIPE_SECRET_KEY = "";
  process.env.STRIPE_WEBHOOK_SECRET = "";
  vi.stubEnv("ALLOW_TEST_PAYMENTS", "1");
});

afterAll(async () => {
  await flushMail();
  vi.unstubAllEnvs();
});

/** A shopper's cash order of ₹250 (+ ₹4 handling), moved by an admin up to `until` (DELIVERED by default). */
async function cashOrder(until: "PLACED" | "DELIVERED" | "CANCELLED" = "DELIVERED") {
  await freePartner("Tip After Rider");
  const shopper = await shopperWithCart(25_000);
  const placed = await call(codRoute, "POST", "/api/order/cash-on-delivery", shopper.body, { token: shopper.token });
  expect(placed.status, placed.body.message).toBe(201);
  const order = await prisma.order.findFirstOrThrow({ where: { userId: shopper.user.id }, include: { assignment: true } });
  const admin = await makeUser("ADMIN");
  const steps = until === "DELIVERED" ? ["PACKED", "OUT_FOR_DELIVERY", "DELIVERED"] : until === "CANCELLED" ? ["CANCELLED"] : [];
  await moveOrder(order.orderNumber, steps, admin.token);
  const viewer = {
    id: shopper.user.id,
    role: shopper.user.role,
    email: shopper.user.email,
    name: shopper.user.name,
    via: "session",
  } as const;
  return { ...shopper, viewer, order, partnerId: order.assignment!.partnerId };
}

const tipCall = (token: string, body: unknown) => call(tipRoute, "POST", "/api/order/tip", body, { token });
const orderRow = (id: string) => prisma.order.findUniqueOrThrow({ where: { id } });
const sessionOf = (url: string) => url.split("/").pop()!;
type TipData = { id: string; url: string; orderId: string; tip: number };

describe("a tip after delivery, local test checkout", () => {
  it("opens its own session; only paying it adds the tip, once, to the bill and the partner's tips", async () => {
    const { token, viewer, order, partnerId } = await cashOrder();
    expect(await tipAfterDeliveryOf(viewer, order.id)).toMatchObject({ state: "offer", maxPaise: 20_000 });
    const [tipsBefore, cashBefore] = await Promise.all([
      partnerToday({ partnerId } as never).then((t) => t.tipsPaise),
      cashInHand(prisma, partnerId),
    ]);

    const res = await tipCall(token, { orderId: order.orderNumber.toLowerCase(), tip: 20 });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.message).toBe("Redirecting you to pay your ₹20 tip");
    expect(res.body.data).toMatchObject({ orderId: order.orderNumber, tip: 20 });
    const { url, id } = res.body.data as TipData;
    expect(url).toMatch(/^http:\/\/localhost:3000\/pay\/tip\/cs_local_/);
    expect(id).toBe(sessionOf(url));
    // nothing is on the order until it is paid
    expect(await orderRow(order.id)).toMatchObject({ tipPaise: 0, totalPaise: 25_400 });
    expect(await tipAfterDeliveryOf(viewer, order.id)).toEqual({ state: "pending", amountPaise: 2_000, url });

    // a second tip while this one waits is refused, and changes nothing
    const again = await tipCall(token, { orderId: order.orderNumber, tip: 30 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      "Your ₹20 tip for this order is waiting for payment: pay it or cancel it on the order page first.",
    );

    // Pay, twice at once and once more: the tip is added once
    const revenueBefore = await revenueSummary();
    await Promise.all([payLocalTip(viewer, sessionOf(url)), payLocalTip(viewer, sessionOf(url))]);
    await payLocalTip(viewer, sessionOf(url));
    // a test payment: the delivered cash order stays revenue, its test tip is kept apart
    const revenueAfter = await revenueSummary();
    expect(revenueAfter.revenuePaise).toBe(revenueBefore.revenuePaise);
    expect(revenueAfter.testPaymentsPaise).toBe(revenueBefore.testPaymentsPaise + 2_000);
    expect(await orderRow(order.id)).toMatchObject({ tipPaise: 2_000, totalPaise: 27_400, subtotalPaise: 25_000 });
    const bill = (await getMyOrder(viewer, order.orderNumber)).bill;
    expect(bill).toMatchObject({ itemsTotalPaise: 25_000, handlingFeePaise: 400, tipPaise: 2_000, grandTotalPaise: 27_400 });
    expect(await tipAfterDeliveryOf(viewer, order.id)).toEqual({ state: "paid", amountPaise: 2_000, testPayment: true });
    expect((await partnerToday({ partnerId } as never)).tipsPaise - tipsBefore).toBe(2_000);
    // paid by card: the cash the partner owes the shop does not move
    expect(await cashInHand(prisma, partnerId)).toBe(cashBefore);

    // and after it is paid, another is refused
    const after = await tipCall(token, { orderId: order.orderNumber, tip: 10 });
    expect(after.status).toBe(409);
    expect(after.body.message).toBe("You already tipped ₹20 for this order — thank you! One tip can be added after delivery.");
    await expect(cancelLocalTip(viewer, sessionOf(url))).rejects.toThrow("This tip is already paid");
    expect(await orderRow(order.id)).toMatchObject({ tipPaise: 2_000, totalPaise: 27_400 });
  });

  it("a cancelled tip adds nothing and can be chosen again; its old session cannot be paid", async () => {
    const { viewer, order } = await cashOrder();
    const first = await startTipAfterDelivery(viewer, { orderId: order.orderNumber, tipPaise: 3_000 });
    await cancelLocalTip(viewer, first.sessionId);
    await expect(payLocalTip(viewer, first.sessionId)).rejects.toThrow("This payment session has expired or was cancelled.");
    expect(await orderRow(order.id)).toMatchObject({ tipPaise: 0, totalPaise: 25_400 });

    const second = await startTipAfterDelivery(viewer, { orderId: order.orderNumber, tipPaise: 1_000 });
    expect(second.sessionId).not.toBe(first.sessionId);
    await cancelTipAfterDelivery(viewer, order.orderNumber);
    const third = await startTipAfterDelivery(viewer, { orderId: order.orderNumber, tipPaise: 1_000 });
    await payLocalTip(viewer, third.sessionId);
    expect(await orderRow(order.id)).toMatchObject({ tipPaise: 1_000, totalPaise: 26_400 });
    expect(await prisma.tipPayment.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({
      status: "PAID",
      attempt: 3,
      amountPaise: 1_000,
    });
  });

  it("is refused for an order not delivered, a cancelled one, another shopper's, and amounts outside ₹1–₹200", async () => {
    const placed = await cashOrder("PLACED");
    const early = await tipCall(placed.token, { orderId: placed.order.orderNumber, tip: 20 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("You can add a tip once your order is delivered");
    expect(await tipAfterDeliveryOf(placed.viewer, placed.order.id)).toBeNull();

    const cancelled = await cashOrder("CANCELLED");
    const late = await tipCall(cancelled.token, { orderId: cancelled.order.orderNumber, tip: 20 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This order was cancelled, so there is no delivery to tip for");

    const delivered = await cashOrder();
    const stranger = await makeUser();
    const other = await tipCall(stranger.token, { orderId: delivered.order.orderNumber, tip: 20 });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe("Order not found");
    expect(await tipAfterDeliveryOf(stranger.viewer, delivered.order.id)).toBeNull();

    for (const [tip, message] of [
      [201, "A tip can be at most ₹200"],
      [0, "Choose a tip of at least ₹1"],
      [-5, "tip cannot be negative"],
      [12.5, "Choose a tip in whole rupees"],
      ["lots", "tip must be a number"],
    ] as const) {
      const bad = await tipCall(delivered.token, { orderId: delivered.order.orderNumber, tip });
      expect(bad.status, String(tip)).toBe(400);
      expect(bad.body.message).toContain(message);
      expect(bad.body.fieldErrors, String(tip)).toHaveProperty("tip");
    }
    // the server action's input is checked the same way, whatever the page sent
    await expect(startTipAfterDelivery(delivered.viewer, { orderId: delivered.order.orderNumber, tipPaise: 20_100 })).rejects.toThrow(
      "A tip can be at most ₹200",
    );
    expect(await prisma.tipPayment.count({ where: { orderId: { in: [placed.order.id, cancelled.order.id, delivered.order.id] } } })).toBe(0);
    expect(await orderRow(delivered.order.id)).toMatchObject({ tipPaise: 0, totalPaise: 25_400 });
  });
});

describe("a tip after delivery, Stripe", () => {
  let stripe: FakeStripe;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    process.env.STRIPE_SECRET_KEY = "sk_test_tips";
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_API_URL = stripe.url;
  });

  afterAll(async () => {
    await stripe.close();
    process.env.STRIPE_SECRET_KEY = "";
    process.env.STRIPE_WEBHOOK_SECRET = "";
  });

  function deliver(payload: unknown) {
    const raw = JSON.stringify(payload);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: raw, secret: WEBHOOK_SECRET });
    return call(webhookRoute, "POST", "/api/order/webhook", undefined, {
      raw,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
  }

  it("a Checkout Session of its own; the webhook delivered twice adds the tip once, and never touches the order's payment", async () => {
    const { token, viewer, order, partnerId } = await cashOrder();
    const tipsBefore = (await partnerToday({ partnerId } as never)).tipsPaise;
    const res = await tipCall(token, { orderId: order.orderNumber, tip: 20 });
    expect(res.status, res.body.message).toBe(201);
    const data = res.body.data as TipData;
    const session = stripe.sessions.get(data.id)!;
    expect(data.url).toBe(session.url);
    const tip = await prisma.tipPayment.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(session.metadata).toEqual({ purpose: "tip", tipId: tip.id, orderId: order.id, orderNumber: order.orderNumber });
    expect(session.line_items).toEqual([
      { name: `Tip for your delivery partner · order ${order.orderNumber}`, unit_amount: 2_000, quantity: 1, currency: "inr" },
    ]);
    expect(session.success_url).toBe(`http://localhost:3000/dashboard/myorders/${order.orderNumber}?tip=paid`);
    expect(stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)?.idempotencyKey).toBe(
      `kwikmart-tip-${tip.id}-1`,
    );

    const completed = stripe.event("checkout.session.completed", stripe.completeSession(session.id));
    const deliveries = await Promise.all([deliver(completed), deliver(completed)]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect(deliveries.filter((d) => d.body.applied).length).toBe(1);
    expect((await deliver(completed)).body).toMatchObject({ duplicate: true });
    // the same payment announced again under another event id changes nothing either
    expect((await deliver(stripe.event("checkout.session.async_payment_succeeded", session))).body).toMatchObject({ applied: false });

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ tipPaise: 2_000, totalPaise: 27_400, paymentMethod: "CASH_ON_DELIVERY", status: "DELIVERED" });
    expect(await prisma.tipPayment.findUniqueOrThrow({ where: { id: tip.id } })).toMatchObject({
      status: "PAID",
      testPayment: false,
      paymentIntentId: session.payment_intent,
    });
    expect(await tipAfterDeliveryOf(viewer, order.id)).toEqual({ state: "paid", amountPaise: 2_000, testPayment: false });
    expect((await partnerToday({ partnerId } as never)).tipsPaise - tipsBefore).toBe(2_000);
    // the local page does not open a Stripe session
    await expect(payLocalTip(viewer, session.id)).rejects.toThrow("Payment session not found");
  });

  it("an expired session cancels the tip; cancelling on the order page expires it at Stripe; a new attempt gets a new key", async () => {
    const { viewer, order } = await cashOrder();
    const first = await startTipAfterDelivery(viewer, { orderId: order.orderNumber, tipPaise: 1_000 });
    const expired = stripe.sessions.get(first.sessionId)!;
    expired.status = "expired";
    expect((await deliver(stripe.event("checkout.session.expired", expired))).body).toMatchObject({ applied: true });
    expect(await tipAfterDeliveryOf(viewer, order.id)).toMatchObject({ state: "offer" });

    const second = await startTipAfterDelivery(viewer, { orderId: order.orderNumber, tipPaise: 3_000 });
    const tip = await prisma.tipPayment.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(tip).toMatchObject({ attempt: 2, status: "PENDING", sessionId: second.sessionId });
    expect(stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)?.idempotencyKey).toBe(
      `kwikmart-tip-${tip.id}-2`,
    );
    await cancelTipAfterDelivery(viewer, order.orderNumber);
    expect(stripe.sessions.get(second.sessionId)!.status).toBe("expired");
    expect(await orderRow(order.id)).toMatchObject({ tipPaise: 0, totalPaise: 25_400 });
    await expect(cancelTipAfterDelivery(viewer, order.orderNumber)).rejects.toThrow(
      "There is no tip waiting for payment on this order",
    );
  });
});
