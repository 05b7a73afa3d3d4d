import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db";
import { setClock } from "@/lib/ops/clock";
import { promiseStats } from "@/lib/stores/promise-stats";
import { installDemoStores } from "../support/demo-stores";

// Promised vs actual per store on the orders board (issue 16): p50/p90 of both and the share delivered on time,
// placed → delivered (a card order's clock starts when it is paid), over the last week only.
const at = new Date("2026-11-25T12:00:00Z");
const minutesBefore = (m: number) => new Date(at.getTime() - m * 60_000);
let buyerId: string;

beforeAll(async () => {
  setClock(at);
  await installDemoStores();
  buyerId = (
    await prisma.user.create({ data: { name: "B", email: `b-${randomUUID()}@x.in`, passwordHash: "x" } })
  ).id;
  await prisma.order.deleteMany({ where: { storeId: { in: ["indiranagar", "jayanagar"] } } });
});
afterAll(() => setClock(null));

async function delivered(
  storeId: string,
  promisedMinutes: number,
  actualMinutes: number,
  { card = false, daysAgo = 0 } = {},
) {
  const deliveredAt = minutesBefore(daysAgo * 24 * 60);
  const placed = new Date(deliveredAt.getTime() - actualMinutes * 60_000);
  await prisma.order.create({
    data: {
      orderNumber: `KM-${randomUUID().slice(0, 8)}`,
      userId: buyerId,
      status: "DELIVERED",
      paymentMethod: card ? "CARD" : "CASH_ON_DELIVERY",
      subtotalPaise: 1000,
      totalPaise: 1000,
      itemCount: 1,
      addressSnapshot: {},
      storeId,
      promisedMinutes,
      // a card order waits for its payment before anyone packs it: 30 minutes on the payment page do not count
      createdAt: card ? new Date(placed.getTime() - 30 * 60_000) : placed,
      paidAt: card ? placed : deliveredAt,
      deliveredAt,
    },
  });
}

describe("promise stats", () => {
  it("reports p50/p90 of promised and actual minutes and the share on time, per store", async () => {
    // indiranagar: promised 10 each; took 8, 9, 10.5 (on time: within the promised whole minutes) and 14 (late)
    await delivered("indiranagar", 10, 8);
    await delivered("indiranagar", 10, 9, { card: true });
    await delivered("indiranagar", 10, 10.5);
    await delivered("indiranagar", 10, 14);
    // older than a week: not counted
    await delivered("indiranagar", 10, 60, { daysAgo: 8 });

    const stats = await promiseStats();
    const indiranagar = stats.find((s) => s.storeId === "indiranagar")!;
    expect(indiranagar.delivered).toBe(4);
    expect(indiranagar.promisedP50).toBe(10);
    expect(indiranagar.actualP50).toBeCloseTo(9.75, 5);
    expect(indiranagar.actualP90).toBeCloseTo(12.95, 5);
    expect(indiranagar.onTimeShare).toBe(0.75);

    const jayanagar = stats.find((s) => s.storeId === "jayanagar")!;
    expect(jayanagar).toMatchObject({ delivered: 0, actualP50: null, onTimeShare: null });
    expect(stats.map((s) => s.storeId)).toEqual(expect.arrayContaining(["main", "koramangala", "hsr-layout"]));
  });

  it("narrows to one store", async () => {
    const stats = await promiseStats("indiranagar");
    expect(stats).toHaveLength(1);
    expect(stats[0]!.storeName).toMatch(/Indiranagar/);
  });
});
