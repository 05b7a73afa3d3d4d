import { randomInt, randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/delivery-partner/route";
import { PUT as statusRoute } from "@/app/api/delivery-partner/status/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma, type OrderStatus } from "@/lib/db";
import { ON_ACTIVE_DELIVERY_MESSAGE } from "@/lib/partners/admin";
import { call, uniqueEmail } from "../fakes/accounts-api";

// The admin's delivery-partner list and the Available / Busy switch, kept consistent with active assignments.

let admin: string;
let shopper: string;
let buyerId: string;

beforeAll(async () => {
  const make = async (role: "ADMIN" | "USER") => {
    const user = await prisma.user.create({
      data: { name: role, email: uniqueEmail(`dp-${role.toLowerCase()}`), passwordHash: "x", role },
    });
    return { id: user.id, token: (await issueTokenPair(user)).accessToken };
  };
  admin = (await make("ADMIN")).token;
  const s = await make("USER");
  shopper = s.token;
  buyerId = s.id;
});

const freshPhone = () => `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;

async function partner(isAvailable = false, vehicle: string | null = null) {
  return prisma.deliveryPartner.create({
    data: { name: `Partner ${randomUUID().slice(0, 6)}`, phone: freshPhone(), vehicle, isAvailable },
  });
}

async function assign(partnerId: string, status: OrderStatus, completed = false) {
  const order = await prisma.order.create({
    data: {
      orderNumber: `KM-${randomUUID().slice(0, 8)}`,
      userId: buyerId,
      status,
      paymentMethod: "CASH_ON_DELIVERY",
      subtotalPaise: 1000,
      totalPaise: 1000,
      itemCount: 1,
      addressSnapshot: {},
    },
  });
  await prisma.partnerAssignment.create({
    data: {
      orderId: order.id,
      partnerId,
      etaMinutes: 10,
      etaAt: new Date(Date.now() + 600_000),
      completedAt: completed ? new Date() : null,
    },
  });
  return order;
}

const setStatus = (body: unknown, token: string | null = admin) =>
  call(statusRoute, "PUT", "/api/delivery-partner/status", body, { token: token ?? undefined });

describe("GET /api/delivery-partner", () => {
  it("lists partners with their stable number for admins only", async () => {
    const p = await partner(false, null);
    expect((await call(listRoute, "GET", "/api/delivery-partner")).status).toBe(401);
    expect((await call(listRoute, "GET", "/api/delivery-partner", undefined, { token: shopper })).status).toBe(403);
    const res = await call(listRoute, "GET", "/api/delivery-partner", undefined, { token: admin });
    expect(res.status).toBe(200);
    const partners = res.body.partners as Record<string, unknown>[];
    expect(res.body.count).toBe(partners.length);
    expect(partners.find((x) => x._id === p.id)).toEqual({
      _id: p.id,
      name: p.name,
      phone: p.phone,
      vehicle: null,
      isAvailable: false,
      createdAt: p.createdAt.toISOString(),
      partnerNumber: p.seq,
      // issue 17, beside the contract's fields: no e-mail, store or account yet
      email: null,
      storeId: null,
      account: "NONE",
      deactivatedAt: null,
    });
  });
});

describe("PUT /api/delivery-partner/status", () => {
  // orders other test files left queued would be handed to the partner switched on here
  beforeEach(async () => {
    await prisma.order.updateMany({
      where: { dispatchQueuedAt: { not: null } },
      data: { dispatchQueuedAt: null, status: "CANCELLED" },
    });
  });

  it("makes an idle partner available (starting their idle time) and busy again", async () => {
    const p = await partner(false);
    const before = Date.now();
    const on = await setStatus({ partnerId: p.id, isAvailable: true });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe("Status updated to Available");
    expect(on.body.data).toMatchObject({ _id: p.id, isAvailable: true, partnerNumber: p.seq });
    const stored = await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: p.id } });
    expect(stored.isAvailable).toBe(true);
    expect(stored.availableSince!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const off = await setStatus({ partnerId: p.id, isAvailable: false });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe("Status updated to Busy");
    expect((await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: p.id } })).isAvailable).toBe(false);
  });

  it("refuses Available while the partner is on an active delivery (409) but always allows Busy", async () => {
    const p = await partner(false);
    await assign(p.id, "OUT_FOR_DELIVERY");
    const res = await setStatus({ partnerId: p.id, isAvailable: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ON_ACTIVE_DELIVERY_MESSAGE);
    expect((await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: p.id } })).isAvailable).toBe(false);
    expect((await setStatus({ partnerId: p.id, isAvailable: false })).status).toBe(200);
  });

  it("allows Available once the assignment is completed or its order delivered or cancelled", async () => {
    for (const [status, completed] of [
      ["DELIVERED", false],
      ["CANCELLED", false],
      ["PLACED", true],
    ] as const) {
      const p = await partner(false);
      await assign(p.id, status, completed);
      const res = await setStatus({ partnerId: p.id, isAvailable: true });
      expect(res.status, `${status} completed=${completed}`).toBe(200);
    }
  });

  it("hands the oldest queued order to a partner switched on, who then shows Busy", async () => {
    // nobody else free, so the queued order can only go to this partner
    await prisma.deliveryPartner.updateMany({ where: { isAvailable: true }, data: { isAvailable: false } });
    const p = await partner(false);
    const queued = await prisma.order.create({
      data: {
        orderNumber: `KM-${randomUUID().slice(0, 8)}`,
        userId: buyerId,
        status: "PLACED",
        paymentMethod: "CASH_ON_DELIVERY",
        subtotalPaise: 1000,
        totalPaise: 1000,
        itemCount: 2,
        addressSnapshot: {},
        dispatchQueuedAt: new Date(Date.now() - 60_000),
      },
    });
    const res = await setStatus({ partnerId: p.id, isAvailable: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Status updated to Available");
    expect(res.body.data).toMatchObject({ _id: p.id, isAvailable: false });
    const assignment = await prisma.partnerAssignment.findUniqueOrThrow({ where: { orderId: queued.id } });
    expect(assignment).toMatchObject({ partnerId: p.id, completedAt: null });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: queued.id } })).dispatchQueuedAt).toBeNull();
    // now on a delivery: Available is refused until it ends
    expect((await setStatus({ partnerId: p.id, isAvailable: true })).status).toBe(409);
  });

  it("keeps an available partner's place in the queue when set Available again", async () => {
    const p = await partner(false);
    await setStatus({ partnerId: p.id, isAvailable: true });
    const first = (await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: p.id } })).availableSince;
    await setStatus({ partnerId: p.id, isAvailable: true });
    const second = (await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: p.id } })).availableSince;
    expect(second).toEqual(first);
  });

  it("is for admins only and validates its body (never 500)", async () => {
    const p = await partner(false);
    expect((await setStatus({ partnerId: p.id, isAvailable: true }, null)).status).toBe(401);
    expect((await setStatus({ partnerId: p.id, isAvailable: true }, shopper)).status).toBe(403);
    expect((await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: p.id } })).isAvailable).toBe(false);
    for (const body of [{}, { partnerId: p.id }, { partnerId: p.id, isAvailable: "yes" }, { partnerId: "../x", isAvailable: true }, null, []]) {
      expect((await setStatus(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await setStatus({ partnerId: "missing1", isAvailable: true })).status).toBe(404);
  });
});
