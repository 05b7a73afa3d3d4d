import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PUT as availabilityRoute } from "@/app/api/partner/availability/route";
import { GET as assignmentRoute } from "@/app/api/partner/assignment/route";
import { POST as helpRoute } from "@/app/api/partner/help/route";
import { POST as locationRoute } from "@/app/api/partner/location/route";
import { PUT as stepRoute } from "@/app/api/partner/step/route";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { GET as eventsRoute } from "@/app/api/order/events/route";
import { PUT as statusRoute } from "@/app/api/order/status/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { deliveryNoticeFor } from "@/lib/orders/door-code";
import { partnerLedger } from "@/lib/partners/ledger";
import { call, makeRequest, uniqueEmail } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// The partner app's calls (issue 17): availability owned by the partner, the current delivery, the steps with the
// door code (proof of delivery), "customer unavailable", positions and calls for help. Orders are placed at 560001
// (the store "main") through the real checkout; the partner's steps go through the order lifecycle.

process.env.STRIPE_SECRET_KEY = "";

type Person = { id: string; token: string };

async function person(role: "USER" | "ADMIN" | "PARTNER" = "USER", name = "Partner Steps"): Promise<Person> {
  const user = await prisma.user.create({ data: { name, email: uniqueEmail("steps"), passwordHash: "-", role } });
  return { id: user.id, token: (await issueTokenPair(user)).accessToken };
}

/** A partner with an account at the store "main", offline. */
async function partner(name: string) {
  const account = await person("PARTNER", name);
  const row = await prisma.deliveryPartner.create({
    data: {
      name,
      phone: `7${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      storeId: "main",
      userId: account.id,
      isAvailable: false,
    },
  });
  return { ...account, partnerId: row.id };
}

async function product(stock = 50, pricePaise = 4_000) {
  return prisma.product.create({
    data: {
      name: `Steps Bread ${randomUUID().slice(0, 6)}`,
      images: ["/media/catalog/bread.webp"],
      unit: "400 g",
      stock,
      pricePaise,
      discount: 0,
      description: "test",
    },
  });
}

/** A shopper places a cash order of `quantity` units at 560001; returns the order number and the shopper. */
async function placeOrder(p: { id: string; pricePaise: number; discount: number }, quantity = 2) {
  const shopper = await person("USER", "Asha Rao");
  const address = await prisma.address.create({
    data: {
      userId: shopper.id,
      addressLine: "12 Brigade Road",
      city: "Bengaluru",
      state: "KA",
      country: "India",
      pincode: "560001",
      mobile: "9876543210",
      landmark: "Opposite the bakery",
      receiverName: "Asha Rao",
    },
  });
  await prisma.cartItem.create({ data: { userId: shopper.id, productId: p.id, quantity } });
  const total = toRupees(discountedPricePaise(p.pricePaise, p.discount) * quantity);
  const res = await call(
    codRoute,
    "POST",
    "/api/order/cash-on-delivery",
    { list_items: [{ productId: p.id, quantity }], addressId: address.id, subTotalAmt: total, totalAmt: total },
    { token: shopper.token },
  );
  expect(res.status).toBe(201);
  return { orderNumber: (res.body.data as { orderId: string }[])[0]!.orderId, shopper, totalPaise: total * 100 };
}

const as = (who: Person) => ({ token: who.token });
const availability = (who: Person, online: boolean) =>
  call(availabilityRoute, "PUT", "/api/partner/availability", { online }, as(who));
const assignment = (who: Person) => call(assignmentRoute, "GET", "/api/partner/assignment", undefined, as(who));
const step = (who: Person, orderId: string, s: string, code?: string) =>
  call(stepRoute, "PUT", "/api/partner/step", { orderId, step: s, ...(code !== undefined ? { code } : {}) }, as(who));
const status = (who: Person, orderId: string, s: string, reason?: string) =>
  call(statusRoute, "PUT", "/api/order/status", { orderId, status: s, ...(reason ? { reason } : {}) }, as(who));
const codeOf = async (order: { orderNumber: string; shopper: Person }) => {
  const notice = await deliveryNoticeFor(order.shopper.id, order.orderNumber);
  expect(notice?.kind).toBe("code");
  return (notice as { code: string }).code;
};
const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, "0");

let admin: Person;
let ravi: Awaited<ReturnType<typeof partner>>;
let other: Awaited<ReturnType<typeof partner>>;

beforeAll(async () => {
  await installDemoStores();
  admin = await person("ADMIN");
  ravi = await partner("Ravi Steps");
  other = await partner("Other Steps");
});

// nobody else is free and nothing is queued: the order goes to the partner who went online
beforeEach(async () => {
  await prisma.deliveryPartner.updateMany({ data: { isAvailable: false } });
  await prisma.order.updateMany({ where: { dispatchQueuedAt: { not: null } }, data: { dispatchQueuedAt: null } });
});

afterAll(async () => {
  await flushMail();
});

/** Ravi goes online and gets a fresh order, packed by the store. */
async function packedOrderForRavi(quantity = 2) {
  expect((await availability(ravi, true)).status).toBe(200);
  const p = await product();
  const order = await placeOrder(p, quantity);
  expect((await status(admin, order.orderNumber, "PACKED")).status).toBe(200);
  return { ...order, product: p };
}

describe("availability", () => {
  it("online takes a queued order at once; offline is refused while on a delivery, with the reason", async () => {
    const p = await product();
    const queued = await placeOrder(p); // nobody online: queued
    const online = await availability(ravi, true);
    expect(online.status).toBe(200);
    expect(online.body.data).toMatchObject({ online: true, assignment: { orderId: queued.orderNumber } });
    const offline = await availability(ravi, false);
    expect(offline.status).toBe(409);
    expect(offline.body.message).toBe(
      `You are on a delivery (${queued.orderNumber}). Deliver it, or mark the customer unavailable, before going offline.`,
    );
    // the store takes the order back: Ravi may go offline now
    expect((await status(admin, queued.orderNumber, "CANCELLED")).status).toBe(200);
    const off = await availability(ravi, false);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: "You are offline: no new orders come to you", data: { online: false } });
  });

  it("is the partner's own: shoppers and admins are refused, guests asked to log in", async () => {
    expect((await availability(admin, true)).status).toBe(403);
    expect((await call(availabilityRoute, "PUT", "/api/partner/availability", { online: true })).status).toBe(401);
    expect((await call(availabilityRoute, "PUT", "/api/partner/availability", { online: "yes" }, as(ravi))).status).toBe(400);
  });
});

describe("assignment", () => {
  it("is null off duty, and the current delivery's card once one is handed over", async () => {
    const none = await assignment(ravi);
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
    expect((await availability(ravi, true)).status).toBe(200);
    const p = await product(50, 4_000);
    const order = await placeOrder(p, 3);
    const res = await assignment(ravi);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      orderId: order.orderNumber,
      status: "PLACED",
      step: "packing",
      stepLabel: "Being packed",
      nextStep: null,
      store: { _id: "main", name: expect.any(String), address: expect.any(String) },
      itemsCount: 3,
      customerFirstName: "Asha",
      address: {
        address_line: "12 Brigade Road",
        house: "",
        landmark: "Opposite the bakery",
        city: "Bengaluru",
        pincode: "560001",
        mobile: "9876543210",
      },
      distanceKm: expect.any(Number),
      // the bill's grand total: 3 × ₹40 + delivery ₹30 (under ₹199) + handling ₹4
      amountToCollect: 154,
      tip: 0,
      collect: "Collect ₹154",
      codeTriesLeft: 5,
      locked: false,
      assignedAt: expect.any(String),
      etaAt: expect.any(String),
    });
    expect(res.body.data).toMatchObject({ distanceKm: expect.toSatisfy((km: number) => km >= 0 && km < 10) });
    expect(res.body).toMatchObject({ online: true, today: { tips: 0 } });
    await status(admin, order.orderNumber, "CANCELLED");
  });
});

describe("steps", () => {
  it("picked up only once packed, then arrived, then delivered with the door code; wrong codes count down", async () => {
    expect((await availability(ravi, true)).status).toBe(200);
    const p = await product();
    const order = await placeOrder(p, 2);
    // not packed yet
    const early = await step(ravi, order.orderNumber, "picked");
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("The store has not packed this order yet (Being packed): tap Picked up once it is packed.");
    expect((await status(admin, order.orderNumber, "PACKED")).status).toBe(200);
    // out of order: arrived before picking up names the current step
    const jump = await step(ravi, order.orderNumber, "arrived");
    expect(jump.status).toBe(409);
    expect(jump.body.message).toBe("That step is out of order: this delivery is ready for pickup; the next step is Picked up.");
    // another partner's order does not exist for them
    expect((await step(other, order.orderNumber, "picked")).status).toBe(404);

    const picked = await step(ravi, order.orderNumber, "picked");
    expect(picked.status).toBe(200);
    expect(picked.body).toMatchObject({ message: "Picked up. Ride safe!", data: { status: "OUT_FOR_DELIVERY", step: "on_the_way", nextStep: "arrived" } });
    // the shopper now has a code, e-mailed too; the database holds only a salt and a hash
    const code = await codeOf(order);
    expect(code).toMatch(/^\d{4}$/);
    const row = await prisma.order.findUniqueOrThrow({ where: { orderNumber: order.orderNumber } });
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    expect(row.doorCodeHash).toMatch(/^[0-9a-f]{64}$/);
    await flushMail();
    const mail = await prisma.mailOutbox.findFirst({ where: { subject: { contains: `${order.orderNumber} is on its way` } } });
    expect(mail?.text).toContain(`Share code ${code} with your delivery partner`);

    expect((await step(ravi, order.orderNumber, "delivered", code)).status).toBe(409); // not arrived yet
    const arrived = await step(ravi, order.orderNumber, "arrived");
    expect(arrived.body).toMatchObject({ data: { step: "at_door", nextStep: "delivered" } });

    const wrong = await step(ravi, order.orderNumber, "delivered", wrongCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Wrong code, 4 tries left");
    const malformed = await step(ravi, order.orderNumber, "delivered", "12");
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("Enter the 4-digit code the customer shares with you");
    expect((await assignment(ravi)).body.data).toMatchObject({ codeTriesLeft: 4 });

    const before = (await partnerLedger(ravi.partnerId)).balancePaise;
    const done = await step(ravi, order.orderNumber, "delivered", code);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: "Delivered. Well done!", data: null });
    const delivered = await prisma.order.findUniqueOrThrow({ where: { orderNumber: order.orderNumber } });
    expect(delivered).toMatchObject({ status: "DELIVERED", paymentStatus: "PAID" });
    // the cash is in Ravi's hands: the ledger's balance grew by what the shopper paid, the bill's grand total
    // (2 × ₹40 + delivery ₹30 + handling ₹4 + small-cart ₹20 = ₹134)
    expect(delivered.totalPaise).toBe(13_400);
    expect((await partnerLedger(ravi.partnerId)).balancePaise).toBe(before + delivered.totalPaise);
    const today = await assignment(ravi);
    expect(today.body.today).toMatchObject({ cashInHand: (before + delivered.totalPaise) / 100 });
    expect((today.body.today as { deliveriesDone: number }).deliveriesDone).toBeGreaterThanOrEqual(1);
    // the partner is free again
    expect((await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: ravi.partnerId } })).isAvailable).toBe(true);
  });

  it("five wrong codes lock the step and tell the partner to call the store; the admin completes it with a reason", async () => {
    const order = await packedOrderForRavi();
    await step(ravi, order.orderNumber, "picked");
    await step(ravi, order.orderNumber, "arrived");
    const code = await codeOf(order);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await step(ravi, order.orderNumber, "delivered", wrongCode(code))).body.message);
    expect(answers.slice(0, 4)).toEqual([
      "Wrong code, 4 tries left",
      "Wrong code, 3 tries left",
      "Wrong code, 2 tries left",
      "Wrong code, 1 try left",
    ]);
    const locked = "Too many wrong codes: this delivery is locked. Call the store; they can complete it for you.";
    expect(answers[4]).toBe(locked);
    // even the right code is refused now
    const right = await step(ravi, order.orderNumber, "delivered", code);
    expect(right.status).toBe(409);
    expect(right.body.message).toBe(locked);
    expect((await assignment(ravi)).body.data).toMatchObject({ locked: true, codeTriesLeft: 0 });

    // the admin marks it delivered: never without a reason
    const bare = await status(admin, order.orderNumber, "DELIVERED");
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe("Give a reason for marking it delivered (the door code was not entered)");
    expect(bare.body.fieldErrors).toEqual({ reason: [bare.body.message] });
    const byHand = await status(admin, order.orderNumber, "DELIVERED", "Customer confirmed on the phone");
    expect(byHand.status).toBe(200);
    const id = (await prisma.order.findUniqueOrThrow({ where: { orderNumber: order.orderNumber } })).id;
    const last = await prisma.orderEvent.findFirst({ where: { orderId: id, kind: "status" }, orderBy: { id: "desc" } });
    expect(last?.data).toEqual({ status: "DELIVERED", label: "Delivered", reason: "Customer confirmed on the phone" });
  });

  it("customer unavailable: cancelled with the reason, stock back, nothing collected, a paid card order refunded", async () => {
    const order = await packedOrderForRavi(3);
    const stockBefore = await prisma.storeStock.findUniqueOrThrow({
      where: { storeId_productId: { storeId: "main", productId: order.product.id } },
    });
    // as if it had been paid by card (the local test checkout)
    await prisma.order.update({
      where: { orderNumber: order.orderNumber },
      data: { paymentMethod: "CARD", paymentStatus: "PAID", paidAt: new Date(), paymentSessionId: `cs_local_${randomUUID()}`, testPayment: true },
    });
    await step(ravi, order.orderNumber, "picked");
    expect((await step(ravi, order.orderNumber, "unavailable")).status).toBe(409); // not at the door yet
    await step(ravi, order.orderNumber, "arrived");
    const before = (await partnerLedger(ravi.partnerId)).balancePaise;
    const ended = await step(ravi, order.orderNumber, "unavailable");
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ message: "Attempt ended: the order goes back to the store.", data: null });
    const row = await prisma.order.findUniqueOrThrow({ where: { orderNumber: order.orderNumber } });
    expect(row).toMatchObject({ status: "CANCELLED", paymentStatus: "REFUNDED" });
    expect(row.refundedAt).not.toBeNull();
    const stockAfter = await prisma.storeStock.findUniqueOrThrow({
      where: { storeId_productId: { storeId: "main", productId: order.product.id } },
    });
    expect(stockAfter.stock).toBe(stockBefore.stock + 3);
    expect((await partnerLedger(ravi.partnerId)).balancePaise).toBe(before);
    expect(await deliveryNoticeFor(order.shopper.id, order.orderNumber)).toEqual({ kind: "ended", reason: "Customer unavailable" });
    const last = await prisma.orderEvent.findFirst({ where: { orderId: row.id, kind: "status" }, orderBy: { id: "desc" } });
    expect(last?.data).toEqual({ status: "CANCELLED", label: "Cancelled", reason: "Customer unavailable" });
    // the partner is free, and can go offline
    expect((await availability(ravi, false)).status).toBe(200);
  });

  it("the board's out for delivery gives a code too; a cash order keeps nothing collected when it is cancelled", async () => {
    const order = await packedOrderForRavi();
    expect((await status(admin, order.orderNumber, "OUT_FOR_DELIVERY")).status).toBe(200);
    expect(await codeOf(order)).toMatch(/^\d{4}$/);
    // the partner continues from "on the way"
    expect((await assignment(ravi)).body.data).toMatchObject({ step: "on_the_way", nextStep: "arrived" });
    expect((await status(admin, order.orderNumber, "CANCELLED")).status).toBe(200);
    expect(await deliveryNoticeFor(order.shopper.id, order.orderNumber)).toBeNull();
  });
});

describe("location and help", () => {
  it("records a position on the active delivery, refuses it off duty, checks the ranges", async () => {
    await availability(ravi, false);
    const off = await call(locationRoute, "POST", "/api/partner/location", { lat: 12.97, lng: 77.6 }, as(ravi));
    expect(off.status).toBe(409);
    expect(off.body.message).toBe("You are not on a delivery; your location is shared only during one.");
    const order = await packedOrderForRavi();
    const bad = await call(locationRoute, "POST", "/api/partner/location", { lat: 91, lng: 77.6 }, as(ravi));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("lat must be between -90 and 90");
    const shared = await call(locationRoute, "POST", "/api/partner/location", { lat: 12.975, lng: 77.605 }, as(ravi));
    expect(shared.status).toBe(200);
    const id = (await prisma.order.findUniqueOrThrow({ where: { orderNumber: order.orderNumber } })).id;
    const event = await prisma.orderEvent.findFirst({ where: { orderId: id, kind: "position" } });
    expect(event?.data).toMatchObject({ lat: 12.975, lng: 77.605 });
    const a = await prisma.partnerAssignment.findUniqueOrThrow({ where: { orderId: id } });
    expect(a.lastSeenAt).not.toBeNull();

    const help = await call(helpRoute, "POST", "/api/partner/help", { orderId: order.orderNumber, note: "Gate locked" }, as(ravi));
    expect(help.status).toBe(201);
    expect(help.body.message).toBe("The store has been told; they will call you.");
    const logged = await prisma.orderEvent.findFirst({ where: { orderId: id, kind: "help" } });
    expect(logged?.data).toMatchObject({ partner: "Ravi Steps", note: "Gate locked" });
    expect((await call(helpRoute, "POST", "/api/partner/help", { orderId: order.orderNumber }, as(other))).status).toBe(404);

    // the assigned partner may follow the order's live events; another partner may not
    const watch = async (who: Person) => {
      const controller = new AbortController();
      const request = makeRequest("GET", `/api/order/events?orderId=${order.orderNumber}`, undefined, as(who));
      const response = await eventsRoute(new Request(request, { signal: controller.signal }), {} as never);
      controller.abort();
      return response.status;
    };
    expect(await watch(other)).toBe(404);
    expect(await watch(ravi)).toBe(200);
    await status(admin, order.orderNumber, "CANCELLED");
  });
});

describe("hostile bodies", () => {
  it("answer 400 with a message, never 500, on every partner call", async () => {
    const bodies: unknown[] = [
      null,
      [],
      "text",
      42,
      { online: "true" },
      { orderId: ["x"], step: "picked" },
      { orderId: "KM-X", step: "teleport" },
      { orderId: "KM-X", step: "delivered", code: { a: 1 } },
      { orderId: "KM-X", step: "delivered", code: "12345" },
      { orderId: "x".repeat(5000), step: "picked" },
      { lat: "12.9", lng: 77.6 },
      { lat: 1e308, lng: -1e308 },
      { lat: Number.NaN, lng: 0 },
      { orderId: "KM-X", note: 7 },
    ];
    const routes = [
      [availabilityRoute, "PUT", "/api/partner/availability"],
      [stepRoute, "PUT", "/api/partner/step"],
      [locationRoute, "POST", "/api/partner/location"],
      [helpRoute, "POST", "/api/partner/help"],
    ] as const;
    for (const [route, method, path] of routes) {
      for (const body of bodies) {
        const res = await call(route, method, path, body, as(other));
        expect([400, 404, 409], `${path} ${JSON.stringify(body)?.slice(0, 60)}: ${res.body.message}`).toContain(res.status);
        expect(res.body.message).toBeTruthy();
      }
      const raw = await call(route, method, path, undefined, { ...as(other), raw: "{not json", headers: { "content-type": "application/json" } });
      expect(raw.status).toBe(400);
    }
  });
});
