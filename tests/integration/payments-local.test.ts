import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as cancelRoute } from "@/app/api/order/cancel/route";
import { POST as checkoutRoute } from "@/app/api/order/checkout/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import {
  cancelLocalCheckout,
  getLocalCheckout,
  payLocalCheckout,
  releaseExpiredHolds,
} from "@/lib/orders";
import { call, uniqueEmail } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// The local adapter (no Stripe keys, test payments allowed): /api/order/checkout answers a /pay/<session> test
// checkout whose Pay and Cancel buttons run the same fulfilment functions as Stripe's webhook. Where test payments
// are not allowed: tests/integration/payments-availability.test.ts.

process.env.STRIPE_SECRET_KEY = "";
process.env.STRIPE_WEBHOOK_SECRET = "";
vi.stubEnv("ALLOW_TEST_PAYMENTS", "1");

afterAll(async () => {
  await flushMail();
});

async function makeUser() {
  const user = await prisma.user.create({
    data: { name: "Local Payer", email: uniqueEmail("local"), passwordHash: "-" },
  });
  const token = (await issueTokenPair(user)).accessToken;
  return { token, viewer: { id: user.id, role: user.role, email: user.email, name: user.name, via: "session" as const } };
}

async function pendingLocalOrder(stock = 10, quantity = 2) {
  const product = await prisma.product.create({
    data: {
      name: `Local Tea ${randomUUID().slice(0, 6)}`,
      images: ["/media/catalog/tea.webp"],
      unit: "250 g",
      stock,
      pricePaise: 24_000,
      discount: 5,
      description: "test",
    },
  });
  const { token, viewer } = await makeUser();
  const address = await prisma.address.create({
    data: {
      userId: viewer.id,
      addressLine: "22 Marine Drive",
      city: "Bengaluru",
      state: "KA",
      country: "India",
      pincode: "560001",
      mobile: "9876543210",
    },
  });
  await prisma.cartItem.create({ data: { userId: viewer.id, productId: product.id, quantity } });
  const total = toRupees(discountedPricePaise(product.pricePaise, product.discount) * quantity);
  const res = await call(
    checkoutRoute,
    "POST",
    "/api/order/checkout",
    { list_items: [{ productId: product.id, quantity }], addressId: address.id, subTotalAmt: total, totalAmt: total },
    { token },
  );
  expect(res.status, res.body.message).toBe(201);
  return { product, token, viewer, sessionId: res.body.id as string, url: res.body.url as string, orderNumber: res.body.orderId as string };
}

const orderBy = (orderNumber: string) =>
  prisma.order.findUniqueOrThrow({ where: { orderNumber }, include: { assignment: true } });
const stockOf = async (id: string) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stock;

describe("local test checkout", () => {
  beforeEach(async () => {
    await prisma.deliveryPartner.updateMany({ data: { isAvailable: false } });
    await prisma.order.updateMany({ where: { dispatchQueuedAt: { not: null } }, data: { dispatchQueuedAt: null } });
    await prisma.deliveryPartner.create({
      data: {
        name: "Local Rider",
        phone: `6${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
        isAvailable: true,
        availableSince: new Date(),
      },
    });
  });

  it("answers an unguessable /pay/<session> URL bound to the shopper; Pay marks the order paid and dispatches it", async () => {
    const { sessionId, url, orderNumber, viewer, product } = await pendingLocalOrder();
    expect(sessionId).toMatch(/^cs_local_[A-Za-z0-9_-]{40,}$/);
    expect(url).toBe(`http://localhost:3000/pay/${sessionId}`);
    expect(await stockOf(product.id)).toBe(8);

    const view = await getLocalCheckout(viewer, sessionId);
    expect(view).toMatchObject({ orderNumber, status: "PENDING_PAYMENT", itemCount: 2, totalPaise: 2 * 22_800 + 400 });
    // the page lists the bill's fees (issue 18): free delivery from ₹199, the ₹4 handling fee
    expect(view.bill).toMatchObject({ itemsTotalPaise: 2 * 22_800, deliveryFeePaise: 0, handlingFeePaise: 400 });
    const stranger = await makeUser();
    await expect(getLocalCheckout(stranger.viewer, sessionId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(payLocalCheckout(stranger.viewer, sessionId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getLocalCheckout(viewer, "cs_local_guess")).rejects.toMatchObject({ code: "NOT_FOUND" });

    // a double click on Pay: one payment
    await Promise.all([payLocalCheckout(viewer, sessionId), payLocalCheckout(viewer, sessionId)]);
    const paid = await orderBy(orderNumber);
    expect(paid).toMatchObject({ status: "PLACED", paymentStatus: "PAID", testPayment: true });
    expect(paid.assignment).not.toBeNull();
    expect(await prisma.paymentEvent.count({ where: { id: `${sessionId}:paid` } })).toBe(1);
    await expect(cancelLocalCheckout(viewer, sessionId)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("Cancel cancels the order and returns the stock; the cart is as it was; Pay afterwards is refused", async () => {
    const { sessionId, orderNumber, viewer, product } = await pendingLocalOrder(5, 3);
    expect(await stockOf(product.id)).toBe(2);
    expect(await cancelLocalCheckout(viewer, sessionId)).toEqual({ orderNumber });
    expect(await orderBy(orderNumber)).toMatchObject({ status: "CANCELLED", paymentStatus: "FAILED" });
    expect(await stockOf(product.id)).toBe(5);
    expect(await prisma.cartItem.findFirst({ where: { userId: viewer.id } })).toMatchObject({ productId: product.id, quantity: 3 });
    await expect(payLocalCheckout(viewer, sessionId)).rejects.toMatchObject({ code: "CONFLICT" });
    // cancelling twice is harmless
    await cancelLocalCheckout(viewer, sessionId);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("an expired hold refuses payment, and the release-expired-holds job releases it", async () => {
    const { sessionId, orderNumber, viewer, product } = await pendingLocalOrder(4, 4);
    expect(await stockOf(product.id)).toBe(0);
    await prisma.order.update({ where: { orderNumber }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    await expect(payLocalCheckout(viewer, sessionId)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await releaseExpiredHolds()).orderNumbers).toContain(orderNumber);
    expect(await orderBy(orderNumber)).toMatchObject({ status: "CANCELLED" });
    expect(await stockOf(product.id)).toBe(4);
  });

  it("cancelling a paid local order marks it refunded", async () => {
    const { sessionId, orderNumber, viewer, token } = await pendingLocalOrder();
    await payLocalCheckout(viewer, sessionId);
    const res = await call(cancelRoute, "POST", "/api/order/cancel", { orderId: orderNumber }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "CANCELLED", payment_status: "REFUNDED" });
    expect((await orderBy(orderNumber)).refundedAt).not.toBeNull();
  });
});
