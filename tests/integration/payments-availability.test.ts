import { randomInt, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as orderListRoute } from "@/app/api/order/order-list/route";
import { POST as checkoutRoute } from "@/app/api/order/checkout/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import {
  getMyOrder,
  listAdminOrders,
  placeCardOrder,
  placeCashOnDeliveryOrder,
  updateOrderStatus,
} from "@/app/api/_rest/orders";
import { cancelLocalCheckout, getLocalCheckout, payLocalCheckout } from "@/lib/orders";
import { call, randomIp, uniqueEmail } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// Security finding #1: card payments must cost something. Without both Stripe keys the local test checkout runs
// only on the embedded demo database at a loopback APP_URL (scripts/start.mjs sets KWIKMART_EMBEDDED_DB) or with
// ALLOW_TEST_PAYMENTS=1; anywhere else a card checkout is refused with a 503 before anything is written, and a
// /pay/<session> is not found. An order paid there is a test payment everywhere and never revenue.

const OFF_MESSAGE = "Card payments are not available on this shop right now. Choose cash on delivery.";

beforeEach(async () => {
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  vi.stubEnv("ALLOW_TEST_PAYMENTS", "");
  vi.stubEnv("KWIKMART_EMBEDDED_DB", "");
  vi.stubEnv("APP_URL", "http://localhost:3000");
  // one free partner per test, so paid and cash orders are dispatched rather than queued
  await prisma.deliveryPartner.updateMany({ data: { isAvailable: false } });
  await prisma.order.updateMany({
    where: { dispatchQueuedAt: { not: null } },
    data: { dispatchQueuedAt: null },
  });
  await prisma.deliveryPartner.create({
    data: {
      name: "Test Rider",
      phone: `7${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      isAvailable: true,
      availableSince: new Date(),
    },
  });
});
afterEach(() => vi.unstubAllEnvs());
afterAll(async () => {
  await flushMail();
});

const allowTestPayments = () => vi.stubEnv("ALLOW_TEST_PAYMENTS", "1");

async function makeUser(role: "USER" | "ADMIN" = "USER") {
  const user = await prisma.user.create({
    data: { name: "Card Payer", email: uniqueEmail("cardpay"), passwordHash: "-", role },
  });
  const token = (await issueTokenPair(user)).accessToken;
  return {
    token,
    viewer: { id: user.id, role: user.role, email: user.email, name: user.name, via: "session" as const },
  };
}

/** A shopper with an address and one product in the cart, and the order body that matches it. */
async function shopperWithCart(quantity = 2) {
  const product = await prisma.product.create({
    data: {
      name: `Card Coffee ${randomUUID().slice(0, 6)}`,
      images: ["/media/catalog/coffee.webp"],
      unit: "200 g",
      stock: 10,
      pricePaise: 30_000,
      discount: 10,
      description: "test",
    },
  });
  const shopper = await makeUser();
  const address = await prisma.address.create({
    data: {
      userId: shopper.viewer.id,
      addressLine: "7 Residency Road",
      city: "Bengaluru",
      state: "KA",
      country: "India",
      pincode: "560025",
      mobile: "9876543210",
    },
  });
  await prisma.cartItem.create({ data: { userId: shopper.viewer.id, productId: product.id, quantity } });
  const itemsPaise = discountedPricePaise(product.pricePaise, product.discount) * quantity;
  const total = toRupees(itemsPaise);
  // what the shopper pays (issue 18): ₹270 a unit is above ₹199, so free delivery, plus the ₹4 handling fee
  const totalPaise = itemsPaise + 400;
  const body = {
    list_items: [{ productId: product.id, quantity }],
    addressId: address.id,
    subTotalAmt: total,
    totalAmt: total,
  };
  return { ...shopper, product, body, totalPaise };
}

const checkout = (token: string, body: unknown, key = randomUUID()) =>
  call(checkoutRoute, "POST", "/api/order/checkout", body, { token, headers: { "idempotency-key": key } });

/** What a refused checkout must leave exactly as it was. */
async function footprint(userId: string, productId: string) {
  const [orders, cart, stock, keys] = await Promise.all([
    prisma.order.count({ where: { userId } }),
    prisma.cartItem.findMany({ where: { userId }, select: { id: true, productId: true, quantity: true } }),
    prisma.product.findUniqueOrThrow({ where: { id: productId }, select: { stock: true } }),
    prisma.idempotencyRecord.count({ where: { userId } }),
  ]);
  return { orders, cart, stock: stock.stock, keys };
}

const adminTotals = async () =>
  (await listAdminOrders((await makeUser("ADMIN")).viewer, { limit: 1 })).revenue;

describe("card payments without Stripe keys", () => {
  it("are refused with a 503 when test payments are not allowed: no order, the cart and stock untouched", async () => {
    const { token, viewer, product, body } = await shopperWithCart();
    const before = await footprint(viewer.id, product.id);
    expect(before).toMatchObject({ orders: 0, stock: 10, keys: 0 });

    const res = await checkout(token, body);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, error: true, message: OFF_MESSAGE });

    // the server action's path (the checkout page's Online Payment) says the same
    await expect(placeCardOrder(viewer, body, { idempotencyKey: randomUUID(), ip: randomIp() })).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: OFF_MESSAGE,
    });
    expect(await footprint(viewer.id, product.id)).toEqual(before);
  });

  it("refuses the test checkout of an order made while it was allowed: its session is not found", async () => {
    allowTestPayments();
    const { token, viewer, body } = await shopperWithCart();
    const res = await checkout(token, body);
    expect(res.status, res.body.message).toBe(201);
    const sessionId = res.body.id as string;

    vi.stubEnv("ALLOW_TEST_PAYMENTS", "");
    await expect(getLocalCheckout(viewer, sessionId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(payLocalCheckout(viewer, sessionId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(cancelLocalCheckout(viewer, sessionId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const order = await prisma.order.findUniqueOrThrow({ where: { paymentSessionId: sessionId } });
    expect(order).toMatchObject({ status: "PENDING_PAYMENT", paymentStatus: "PENDING", testPayment: false });
    expect(await prisma.paymentEvent.count({ where: { id: { startsWith: sessionId } } })).toBe(0);
  });

  it("with ALLOW_TEST_PAYMENTS=1 go through the test checkout, marked a test payment everywhere and never revenue", async () => {
    allowTestPayments();
    const totalsBefore = await adminTotals();
    const { token, viewer, body, totalPaise } = await shopperWithCart();
    const res = await checkout(token, body);
    expect(res.status, res.body.message).toBe(201);
    const sessionId = res.body.id as string;
    const orderNumber = res.body.orderId as string;
    expect(res.body.url).toBe(`http://localhost:3000/pay/${sessionId}`);

    await payLocalCheckout(viewer, sessionId);
    const stored = await prisma.order.findUniqueOrThrow({ where: { orderNumber } });
    expect(stored).toMatchObject({ status: "PLACED", paymentStatus: "PAID", testPayment: true });

    // the REST DTO and the shopper's order page
    const list = await call(orderListRoute, "GET", "/api/order/order-list", undefined, { token });
    expect(list.status).toBe(200);
    expect((list.body.data as Record<string, unknown>[])[0]).toMatchObject({
      orderId: orderNumber,
      paymentMethod: "CARD",
      payment_status: "PAID",
      testPayment: true,
    });
    expect(await getMyOrder(viewer, orderNumber)).toMatchObject({ testPayment: true });

    // the confirmation e-mail says no money was collected
    await flushMail();
    const mail = await prisma.mailOutbox.findFirstOrThrow({
      where: { to: viewer.email, subject: { contains: orderNumber } },
    });
    expect(mail.text).toContain("Test payment — no money was collected");
    expect(mail.html).toContain("Test payment — no money was collected");
    expect(mail.text).not.toContain("Paid by card");

    // the admin board: the badge's data, and the totals keep it apart from revenue
    const admin = await makeUser("ADMIN");
    const board = await listAdminOrders(admin.viewer, { limit: 500 });
    expect(board.orders.find((o) => o.orderId === orderNumber)).toMatchObject({ testPayment: true });
    expect(board.revenue.revenuePaise).toBe(totalsBefore.revenuePaise);
    expect(board.revenue.revenueOrders).toBe(totalsBefore.revenueOrders);
    expect(board.revenue.testPaymentsPaise).toBe(totalsBefore.testPaymentsPaise + totalPaise);
    expect(board.revenue.testPaymentOrders).toBe(totalsBefore.testPaymentOrders + 1);
  });

  it("revenue counts a delivered cash order, not one still on its way", async () => {
    const totalsBefore = await adminTotals();
    const { viewer, body, totalPaise } = await shopperWithCart(1);
    const placed = await placeCashOnDeliveryOrder(viewer, body, { ip: randomIp() });
    const order = placed.data[0]!;
    expect(order.testPayment).toBe(false);
    const admin = await makeUser("ADMIN");
    for (const status of ["PACKED", "OUT_FOR_DELIVERY"] as const) {
      await updateOrderStatus(admin.viewer, { orderId: order.orderId, status });
    }
    expect(await adminTotals()).toEqual(totalsBefore);
    await updateOrderStatus(admin.viewer, { orderId: order.orderId, status: "DELIVERED", reason: "Delivered by hand in the test" });
    expect(await adminTotals()).toEqual({
      ...totalsBefore,
      revenuePaise: totalsBefore.revenuePaise + totalPaise,
      revenueOrders: totalsBefore.revenueOrders + 1,
    });
  });

  it("are allowed on the embedded demo database at a loopback APP_URL", async () => {
    vi.stubEnv("KWIKMART_EMBEDDED_DB", "1");
    vi.stubEnv("APP_URL", "http://127.0.0.1:3210");
    const { token, viewer, body } = await shopperWithCart();
    const res = await checkout(token, body);
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.url).toBe(`http://127.0.0.1:3210/pay/${res.body.id as string}`);
    await payLocalCheckout(viewer, res.body.id as string);
    expect(await getMyOrder(viewer, res.body.orderId as string)).toMatchObject({
      payment_status: "PAID",
      testPayment: true,
    });
  });

  it("are refused on the embedded database when APP_URL is a public host", async () => {
    vi.stubEnv("KWIKMART_EMBEDDED_DB", "1");
    vi.stubEnv("APP_URL", "https://shop.example");
    const { token, viewer, product, body } = await shopperWithCart();
    const before = await footprint(viewer.id, product.id);
    const res = await checkout(token, body);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, error: true, message: OFF_MESSAGE });
    expect(await footprint(viewer.id, product.id)).toEqual(before);
  });
});
