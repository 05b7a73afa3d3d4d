import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { PUT as statusRoute } from "@/app/api/order/status/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { computeEta, dispatchQueuedOrders, formatEta } from "@/lib/dispatch";
import { flushMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { QUEUED_MESSAGE } from "@/lib/orders";
import { call, uniqueEmail } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// checkout sells from the dark store serving the address: 560001 is the default store "main"'s
beforeAll(async () => {
  await installDemoStores();
});

// Dispatch: partners claimed with FOR UPDATE SKIP LOCKED, the queue of orders waiting for one, the ETA formula,
// and the hand-over of the oldest queued order when a partner becomes free. Real concurrency throughout.

process.env.STRIPE_SECRET_KEY = "";

// ---- fixtures (each integration file makes its own) ----

async function makeUser(role: "USER" | "ADMIN" = "USER") {
  const user = await prisma.user.create({
    data: { name: "Dispatch Tester", email: uniqueEmail("dispatch"), passwordHash: "-", role },
  });
  return { ...user, token: (await issueTokenPair(user)).accessToken };
}

async function makeProduct(stock = 1000, pricePaise = 3_000, discount = 0) {
  return prisma.product.create({
    data: {
      name: `Dispatch Milk ${randomUUID().slice(0, 6)}`,
      images: ["/media/catalog/milk.webp"],
      unit: "500 ml",
      stock,
      pricePaise,
      discount,
      description: "test",
    },
  });
}

async function makePartner(name: string, available: boolean, availableSince: Date | null = new Date()) {
  return prisma.deliveryPartner.create({
    data: {
      name,
      phone: `8${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      isAvailable: available,
      availableSince: available ? availableSince : null,
    },
  });
}

/** A shopper ready to check out `quantity` units of a product; returns a function that places the COD order. */
async function buyer(product: { id: string; pricePaise: number; discount: number }, quantity = 1) {
  const user = await makeUser();
  const address = await prisma.address.create({
    data: {
      userId: user.id,
      addressLine: "4 Lake View",
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
  return () => call(codRoute, "POST", "/api/order/cash-on-delivery", body, { token: user.token });
}

/** Nobody is free and nothing is queued: each test starts from a known dispatch state. */
async function resetDispatch() {
  await prisma.deliveryPartner.updateMany({ data: { isAvailable: false } });
  await prisma.order.updateMany({ where: { dispatchQueuedAt: { not: null } }, data: { dispatchQueuedAt: null } });
}

const orderIdOf = (res: { body: { data?: unknown } }) => (res.body.data as { orderId: string }[])[0]!.orderId;

afterAll(async () => {
  await flushMail();
});

describe("ETA formula", () => {
  it("is packing + travel + queue, computed not random", () => {
    expect(computeEta({ itemCount: 1 })).toEqual({ packing: 2, travel: 6, queue: 0, minutes: 8 });
    expect(computeEta({ itemCount: 4 }).minutes).toBe(8);
    expect(computeEta({ itemCount: 5 })).toMatchObject({ packing: 2.25, minutes: 9 });
    expect(computeEta({ itemCount: 12 })).toMatchObject({ packing: 4, minutes: 10 });
    // packing is capped: any basket reaches an idle partner's customer within the promised 10 minutes
    expect(computeEta({ itemCount: 200 })).toMatchObject({ packing: 4, minutes: 10 });
    // a partner riding back from a delivery: the wait beyond packing is the queue
    expect(computeEta({ itemCount: 1, partnerReadyInMinutes: 6 })).toEqual({ packing: 2, travel: 6, queue: 4, minutes: 12 });
    expect(computeEta({ itemCount: 3 })).toEqual(computeEta({ itemCount: 3 }));
    expect(formatEta(9)).toBe("9 minutes");
    expect(formatEta(1)).toBe("1 minute");
  });
});

describe("dispatch", () => {
  beforeEach(resetDispatch);

  it("gives the partner idle longest first, and the ETA for the basket", async () => {
    const product = await makeProduct();
    const newer = await makePartner("Newer Idle", true, new Date(Date.now() - 60_000));
    const older = await makePartner("Longest Idle", true, new Date(Date.now() - 3_600_000));
    const res = await (await buyer(product, 6))();
    expect(res.status).toBe(201);
    // 6 units: 2 + 0.5 min packing + 6 travel → 9 minutes (rounded up)
    expect(res.body.deliveryPartner).toMatchObject({ name: "Longest Idle", eta: "9 minutes", etaMinutes: 9 });
    expect((await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: older.id } })).isAvailable).toBe(false);
    expect((await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: newer.id } })).isAvailable).toBe(true);
  });

  it("one free partner and two concurrent orders: one assigned, one queued; delivering the first hands the partner the queued one", async () => {
    const admin = await makeUser("ADMIN");
    const product = await makeProduct();
    const partner = await makePartner("Only Rider", true);
    const [a, b] = await Promise.all([buyer(product), buyer(product)]);
    const results = await Promise.all([a(), b()]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    const assigned = results.filter((r) => r.body.deliveryPartner);
    const queued = results.filter((r) => !r.body.deliveryPartner);
    expect(assigned).toHaveLength(1);
    expect(queued).toHaveLength(1);
    // ₹30 of items: delivery, handling and small-cart fees, named in the message (issue 18)
    expect(queued[0]!.body.message).toBe(
      `${QUEUED_MESSAGE} Amount to pay: ₹84 (items ₹30 + delivery fee ₹30 + handling fee ₹4 + small cart fee ₹20).`,
    );
    expect(queued[0]!.body.data).toMatchObject([{ status: "PLACED", awaitingPartner: true }]);

    const first = orderIdOf(assigned[0]!);
    const second = orderIdOf(queued[0]!);
    const step = (orderId: string, status: string) =>
      call(statusRoute, "PUT", "/api/order/status", { orderId, status, ...(status === "DELIVERED" ? { reason: "Delivered by hand in the test" } : {}) }, { token: admin.token });
    // the queued order cannot leave the store without a partner
    expect((await step(second, "PACKED")).status).toBe(200);
    const noPartner = await step(second, "OUT_FOR_DELIVERY");
    expect(noPartner.status).toBe(409);
    expect(noPartner.body.message).toBe("No delivery partner is assigned to this order yet");

    for (const status of ["PACKED", "OUT_FOR_DELIVERY", "DELIVERED"]) expect((await step(first, status)).status).toBe(200);

    const handed = await prisma.order.findUniqueOrThrow({
      where: { orderNumber: second },
      include: { assignment: true },
    });
    expect(handed.dispatchQueuedAt).toBeNull();
    expect(handed.assignment).toMatchObject({ partnerId: partner.id, completedAt: null, etaMinutes: 12 });
    expect((await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: partner.id } })).isAvailable).toBe(false);

    for (const status of ["OUT_FOR_DELIVERY", "DELIVERED"]) expect((await step(second, status)).status).toBe(200);
    const free = await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: partner.id } });
    expect(free.isAvailable).toBe(true);
    expect(free.availableSince).not.toBeNull();
  });

  it("cancelling hands the freed partner the oldest queued order", async () => {
    const product = await makeProduct();
    const partner = await makePartner("Cancel Rider", true);
    const assignedRes = await (await buyer(product))();
    expect(assignedRes.body.deliveryPartner).toBeDefined();
    const queuedA = await (await buyer(product))();
    const queuedB = await (await buyer(product))();
    expect(queuedA.body.deliveryPartner).toBeUndefined();
    expect(queuedB.body.deliveryPartner).toBeUndefined();

    const admin = await makeUser("ADMIN");
    const res = await call(statusRoute, "PUT", "/x", { orderId: orderIdOf(assignedRes), status: "CANCELLED" }, { token: admin.token });
    expect(res.status).toBe(200);
    const a = await prisma.order.findUniqueOrThrow({ where: { orderNumber: orderIdOf(queuedA) }, include: { assignment: true } });
    const b = await prisma.order.findUniqueOrThrow({ where: { orderNumber: orderIdOf(queuedB) }, include: { assignment: true } });
    // cancelled before leaving the store: the partner is at the store, so no ride back in the ETA
    expect(a.assignment).toMatchObject({ partnerId: partner.id, etaMinutes: 8 });
    expect(b.assignment).toBeNull();
    expect(b.dispatchQueuedAt).not.toBeNull();
  });

  it("dispatchQueuedOrders (an admin switching partners on) hands out queued orders oldest first, never twice", async () => {
    // Earlier tests in this file leave orders queued (older than these, so rightly first in line): start empty.
    await prisma.order.updateMany({ where: { dispatchQueuedAt: { not: null } }, data: { dispatchQueuedAt: null } });
    const product = await makeProduct();
    const placed = [];
    for (let i = 0; i < 6; i++) placed.push(orderIdOf(await (await buyer(product))()));
    const partners = await Promise.all([1, 2, 3, 4].map((i) => makePartner(`Shift ${i}`, false)));
    await prisma.deliveryPartner.updateMany({
      where: { id: { in: partners.map((p) => p.id) } },
      data: { isAvailable: true, availableSince: new Date() },
    });

    // four callers at once (four admins switching partners on): each order and each partner handed out once
    const handed = (await Promise.all([1, 2, 3, 4].map(() => dispatchQueuedOrders()))).flat();
    expect(handed).toHaveLength(4);
    expect(new Set(handed.map((h) => h.orderNumber)).size).toBe(4);
    expect(new Set(handed.map((h) => h.partner.partnerId)).size).toBe(4);
    expect(handed.map((h) => h.orderNumber).sort()).toEqual(placed.slice(0, 4).sort());
    const waiting = await prisma.order.findMany({
      where: { orderNumber: { in: placed } , dispatchQueuedAt: { not: null } },
      select: { orderNumber: true },
    });
    expect(waiting.map((w) => w.orderNumber).sort()).toEqual(placed.slice(4).sort());
    expect(await prisma.deliveryPartner.count({ where: { id: { in: partners.map((p) => p.id) }, isAvailable: true } })).toBe(0);
  });

  it("four free partners and ten concurrent orders: four distinct partners assigned, six queued", async () => {
    const product = await makeProduct();
    const partners = await Promise.all([1, 2, 3, 4].map((i) => makePartner(`Rush ${i}`, true)));
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer(product)));
    const results = await Promise.all(buyers.map((place) => place()));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const names = results.map((r) => (r.body.deliveryPartner as { name?: string } | undefined)?.name).filter(Boolean);
    expect(names).toHaveLength(4);
    expect(new Set(names).size).toBe(4);
    const assignments = await prisma.partnerAssignment.findMany({
      where: { partnerId: { in: partners.map((p) => p.id) }, completedAt: null },
    });
    expect(assignments).toHaveLength(4);
  });
});
