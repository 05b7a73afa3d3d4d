import { randomInt, randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as ledgerRoute } from "@/app/api/partner/ledger/route";
import { POST as settleRoute } from "@/app/api/delivery-partner/settle/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma, runTx } from "@/lib/db";
import { dispatchOrder, dispatchQueuedOrders } from "@/lib/dispatch";
import { cashInHand, recordCashCollected, settleCash } from "@/lib/partners/ledger";
import { call, uniqueEmail } from "../fakes/accounts-api";

// Cash on delivery, accounted (issue 17): the append-only ledger, settlements (REST), the ledger adding up under a
// settlement racing a delivery, and dispatch keeping cash orders from a partner over the cash limit.

let adminToken: string;
let adminId: string;
let shopperToken: string;
let buyerId: string;
let storeId: string;

beforeAll(async () => {
  const make = async (role: "ADMIN" | "USER") => {
    const user = await prisma.user.create({
      data: { name: role, email: uniqueEmail(`cash-${role.toLowerCase()}`), passwordHash: "x", role },
    });
    return { id: user.id, token: (await issueTokenPair(user)).accessToken };
  };
  const a = await make("ADMIN");
  adminToken = a.token;
  adminId = a.id;
  const s = await make("USER");
  shopperToken = s.token;
  buyerId = s.id;
  // a store of this file's own: its partners are the only ones dispatch may pick for its orders
  storeId = `cash-${randomUUID().slice(0, 8)}`;
  await prisma.store.create({
    data: {
      id: storeId,
      name: "Cash Test Store",
      area: "Test",
      address: "1 Test Road",
      lat: 12.9,
      lng: 77.6,
    },
  });
});

afterEach(() => {
  delete process.env.PARTNER_CASH_LIMIT;
});

const freshPhone = () => `7${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;

async function partner(isAvailable = false, availableSince: Date | null = null) {
  return prisma.deliveryPartner.create({
    data: {
      name: `Cash ${randomUUID().slice(0, 6)}`,
      phone: freshPhone(),
      isAvailable,
      availableSince,
      storeId,
    },
  });
}

async function order(paymentMethod: "CASH_ON_DELIVERY" | "CARD" = "CASH_ON_DELIVERY", totalPaise = 50_000) {
  return prisma.order.create({
    data: {
      orderNumber: `KM-${randomUUID().slice(0, 8).toUpperCase()}`,
      userId: buyerId,
      status: "PLACED",
      paymentMethod,
      subtotalPaise: totalPaise,
      totalPaise,
      itemCount: 1,
      addressSnapshot: {},
      storeId,
    },
  });
}

async function collect(partnerId: string, amountPaise: number) {
  const o = await order("CASH_ON_DELIVERY", amountPaise);
  return runTx((tx) => recordCashCollected(tx, { partnerId, orderId: o.id, amountPaise }));
}

const settle = (body: unknown, token: string | undefined = adminToken) =>
  call(settleRoute, "POST", "/api/delivery-partner/settle", body, { token });

async function sumsAddUp(partnerId: string) {
  const entries = await prisma.cashLedgerEntry.findMany({ where: { partnerId } });
  return entries.reduce((s, e) => s + e.amountPaise, 0);
}

describe("the cash ledger", () => {
  it("adds a delivered cash order once, however often the step is retried", async () => {
    const p = await partner();
    const o = await order("CASH_ON_DELIVERY", 23_450);
    await runTx((tx) => recordCashCollected(tx, { partnerId: p.id, orderId: o.id, amountPaise: 23_450 }));
    const again = await runTx((tx) =>
      recordCashCollected(tx, { partnerId: p.id, orderId: o.id, amountPaise: 23_450 }),
    );
    expect(again).toBe(23_450);
    expect(await cashInHand(prisma, p.id)).toBe(23_450);
  });

  it("refuses to edit or delete an entry: corrections are new entries", async () => {
    const p = await partner();
    await collect(p.id, 10_000);
    await expect(
      prisma.cashLedgerEntry.updateMany({ where: { partnerId: p.id }, data: { amountPaise: 1 } }),
    ).rejects.toThrow(/append-only/);
    await expect(prisma.cashLedgerEntry.deleteMany({ where: { partnerId: p.id } })).rejects.toThrow(
      /append-only/,
    );
    expect(await cashInHand(prisma, p.id)).toBe(10_000);
  });
});

describe("POST /api/delivery-partner/settle", () => {
  it("records cash handed to the store, by whom, and refuses more than the partner holds", async () => {
    const p = await partner();
    await collect(p.id, 120_000);
    const over = await settle({ partnerId: p.id, amount: 1500 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe("That is more than the partner holds (₹1,200)");

    const res = await settle({ partnerId: p.id, amount: 1000 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Settlement recorded");
    expect(res.body.data).toMatchObject({
      partnerId: p.id,
      balance: 200,
      entry: { kind: "settled", amount: -1000 },
    });
    const entry = await prisma.cashLedgerEntry.findFirstOrThrow({
      where: { partnerId: p.id, kind: "SETTLED" },
    });
    expect(entry.recordedById).toBe(adminId);
    expect(await cashInHand(prisma, p.id)).toBe(20_000);
  });

  it("answers 400 for a bad amount, 404 for an unknown partner, 401 and 403 for non-admins", async () => {
    const p = await partner();
    await collect(p.id, 5_000);
    expect((await settle({ partnerId: p.id, amount: 0 })).body.message).toMatch(/above ₹0/);
    expect((await settle({ partnerId: p.id, amount: "ten" })).status).toBe(400);
    expect((await settle({ partnerId: p.id })).status).toBe(400);
    expect((await settle({ partnerId: "nobody123", amount: 10 })).status).toBe(404);
    expect(
      (await call(settleRoute, "POST", "/api/delivery-partner/settle", { partnerId: p.id, amount: 10 }))
        .status,
    ).toBe(401);
    expect((await settle({ partnerId: p.id, amount: 10 }, shopperToken)).status).toBe(403);
    expect(await cashInHand(prisma, p.id)).toBe(5_000);
  });

  it("keeps the ledger adding up when settlements race deliveries", async () => {
    const p = await partner();
    await collect(p.id, 50_000);
    // each round: a delivery of ₹300 and a settlement of ₹800 at once; the settlement succeeds only if it saw the delivery
    for (let round = 0; round < 8; round++) {
      const o = await order("CASH_ON_DELIVERY", 30_000);
      const before = await cashInHand(prisma, p.id);
      const [, settled] = await Promise.allSettled([
        runTx((tx) => recordCashCollected(tx, { partnerId: p.id, orderId: o.id, amountPaise: 30_000 })),
        settleCash({ id: adminId, email: "admin@test" }, { partnerId: p.id, amountPaise: 80_000 }),
      ]);
      const after = await cashInHand(prisma, p.id);
      expect(after).toBe(before + 30_000 - (settled.status === "fulfilled" ? 80_000 : 0));
      expect(after).toBeGreaterThanOrEqual(0);
      expect(await sumsAddUp(p.id)).toBe(after);
    }
  });
});

describe("GET /api/partner/ledger", () => {
  it("gives a partner their cash in hand and entries, and nobody else", async () => {
    const p = await partner();
    const user = await prisma.user.create({
      data: { name: "Rider", email: uniqueEmail("cash-rider"), passwordHash: "x", role: "PARTNER" },
    });
    await prisma.deliveryPartner.update({ where: { id: p.id }, data: { userId: user.id } });
    await collect(p.id, 45_600);
    const token = (await issueTokenPair(user)).accessToken;
    const res = await call(ledgerRoute, "GET", "/api/partner/ledger", undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ cashInHand: 456, entries: [{ kind: "collected", amount: 456 }] });
    expect(
      (await call(ledgerRoute, "GET", "/api/partner/ledger", undefined, { token: shopperToken })).status,
    ).toBe(403);
    expect((await call(ledgerRoute, "GET", "/api/partner/ledger")).status).toBe(401);
  });
});

describe("dispatch and the cash limit", () => {
  it("gives no new cash order to a partner at the limit, a card order still, and the queued cash order after settling", async () => {
    process.env.PARTNER_CASH_LIMIT = "1000";
    await prisma.deliveryPartner.updateMany({ where: { storeId }, data: { isAvailable: false } });
    const full = await partner(true, new Date("2026-01-01T00:00:00Z")); // idle longest: first in line
    const light = await partner(true, new Date("2026-01-02T00:00:00Z"));
    await collect(full.id, 100_000); // exactly ₹1,000

    const cash1 = await order("CASH_ON_DELIVERY");
    const got1 = await runTx((tx) => dispatchOrder(tx, { ...cash1 }));
    expect(got1?.partnerId).toBe(light.id);

    const cash2 = await order("CASH_ON_DELIVERY");
    expect(await runTx((tx) => dispatchOrder(tx, { ...cash2 }))).toBeNull(); // queued: only the full partner is free

    const card = await order("CARD");
    expect((await runTx((tx) => dispatchOrder(tx, { ...card })))?.partnerId).toBe(full.id);
    await prisma.partnerAssignment.update({ where: { orderId: card.id }, data: { completedAt: new Date() } });
    await prisma.deliveryPartner.update({
      where: { id: full.id },
      data: { isAvailable: true, availableSince: new Date() },
    });
    expect((await dispatchQueuedOrders()).map((d) => d.orderId)).not.toContain(cash2.id);

    await settleCash({ id: adminId, email: "admin@test" }, { partnerId: full.id, amountPaise: 100_000 });
    const handed = await dispatchQueuedOrders();
    expect(handed.find((d) => d.orderId === cash2.id)?.partner.partnerId).toBe(full.id);
  });
});
