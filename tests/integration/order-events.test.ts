import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as eventsRoute } from "@/app/api/order/events/route";
import { PUT as statusRoute } from "@/app/api/order/status/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { prisma, runTx } from "@/lib/db";
import { hubStats } from "@/lib/events/hub";
import { recordOrderEvent } from "@/lib/events/record";
import { pruneRiderPositions } from "@/lib/orders/events";
import { call, makeRequest, uniqueEmail } from "../fakes/accounts-api";

// Live order events (issue 17, "Transport"): GET /api/order/events streams an order's events as SSE to its owner
// or an admin; a reconnect with Last-Event-ID gets exactly what it missed; events come through PostgreSQL
// LISTEN/NOTIFY to one listening connection per instance.

type Person = { id: string; token: string };
let owner: Person;
let stranger: Person;
let admin: Person;
let order: { id: string; orderNumber: string };

async function person(role: "USER" | "ADMIN" = "USER"): Promise<Person> {
  const user = await prisma.user.create({
    data: { name: "Events", email: uniqueEmail("events"), passwordHash: "-", role },
  });
  return { id: user.id, token: (await issueTokenPair(user)).accessToken };
}

const placedOrder = (userId: string) =>
  prisma.order.create({
    data: {
      orderNumber: `KM-EV${randomUUID().slice(0, 6).toUpperCase()}`,
      userId,
      status: "PLACED",
      paymentMethod: "CASH_ON_DELIVERY",
      subtotalPaise: 1000,
      totalPaise: 1000,
      itemCount: 1,
      addressSnapshot: {},
    },
    select: { id: true, orderNumber: true },
  });

beforeAll(async () => {
  [owner, stranger, admin] = await Promise.all([person(), person(), person("ADMIN")]);
  order = await placedOrder(owner.id);
});
afterAll(async () => {
  await prisma.order.delete({ where: { id: order.id } });
});

const emit = (status: string) => runTx((tx) => recordOrderEvent(tx, order.id, "status", { status }));

/** Opens the stream and reads SSE frames until `count` events have come (or 5 s pass). */
async function open(token: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const request = makeRequest("GET", `/api/order/events?orderId=${order.orderNumber}`, undefined, {
    token,
    headers,
  });
  const response = await eventsRoute(new Request(request, { signal: controller.signal }), {} as never);
  const events: { id: string; event: string; data: unknown }[] = [];
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  async function until(count: number) {
    const deadline = Date.now() + 5_000;
    while (events.length < count && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader!.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block
            .split("\n")
            .filter((l) => !l.startsWith(":"))
            .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 2)]),
        );
        if (fields.data) events.push({ id: fields.id!, event: fields.event!, data: JSON.parse(fields.data) });
      }
    }
    return events;
  }
  return { response, events, until, close: () => controller.abort() };
}

describe("GET /api/order/events", () => {
  it("refuses a guest (401) and anyone but the owner or an admin (404)", async () => {
    const guest = await eventsRoute(
      makeRequest("GET", `/api/order/events?orderId=${order.orderNumber}`),
      {} as never,
    );
    expect(guest.status).toBe(401);
    const other = await eventsRoute(
      makeRequest("GET", `/api/order/events?orderId=${order.orderNumber}`, undefined, {
        token: stranger.token,
      }),
      {} as never,
    );
    expect(other.status).toBe(404);
    expect(((await other.json()) as { message: string }).message).toBe("Order not found");
    const missing = await eventsRoute(
      makeRequest("GET", "/api/order/events", undefined, { token: owner.token }),
      {} as never,
    );
    expect(missing.status).toBe(400);
  });

  it("replays past events, then streams new ones live to the owner and an admin at once", async () => {
    await emit("PLACED");
    const shopper = await open(owner.token);
    expect(shopper.response.status).toBe(200);
    expect(shopper.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const board = await open(admin.token);
    expect((await shopper.until(1)).map((e) => e.data)).toEqual([{ status: "PLACED" }]);
    await board.until(1);

    await emit("PACKED");
    await emit("OUT_FOR_DELIVERY");
    const seen = await shopper.until(3);
    expect(seen.map((e) => (e.data as { status: string }).status)).toEqual([
      "PLACED",
      "PACKED",
      "OUT_FOR_DELIVERY",
    ]);
    expect(seen.every((e) => e.event === "status")).toBe(true);
    expect((await board.until(3)).map((e) => e.id)).toEqual(seen.map((e) => e.id));
    // one listening connection for the instance, two streams on one order
    expect(hubStats()).toMatchObject({ orders: 1, streams: 2, listening: true });

    // a reconnect after the first event gets exactly the two it missed, in order
    shopper.close();
    const again = await open(owner.token, { "last-event-id": seen[0]!.id });
    expect((await again.until(2)).map((e) => e.id)).toEqual([seen[1]!.id, seen[2]!.id]);
    await emit("DELIVERED");
    expect((await again.until(3))[2]!.data).toEqual({ status: "DELIVERED" });
    again.close();
    board.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hubStats().streams).toBe(0);
  });

  it("streams the store's status changes: PUT /api/order/status is an event like any other", async () => {
    const fresh = await placedOrder(owner.id);
    const previous = order;
    order = fresh;
    try {
      const page = await open(owner.token);
      const res = await call(
        statusRoute,
        "PUT",
        "/api/order/status",
        { orderId: fresh.orderNumber, status: "PACKED" },
        { token: admin.token },
      );
      expect(res.status, res.body.message).toBe(200);
      expect((await page.until(1)).map((e) => e.data)).toEqual([{ status: "PACKED", label: "Packed" }]);
      page.close();
    } finally {
      order = previous;
      await prisma.order.delete({ where: { id: fresh.id } });
    }
  });
});

describe("the prune-rider-positions job", () => {
  it("deletes the positions of orders finished over an hour ago, and nothing else", async () => {
    const done = await placedOrder(owner.id);
    const recent = await placedOrder(owner.id);
    const live = await placedOrder(owner.id);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    await prisma.order.update({ where: { id: done.id }, data: { status: "DELIVERED", deliveredAt: hoursAgo(2) } });
    await prisma.order.update({ where: { id: recent.id }, data: { status: "CANCELLED", cancelledAt: hoursAgo(0.25) } });
    await prisma.order.update({ where: { id: live.id }, data: { status: "OUT_FOR_DELIVERY" } });
    for (const o of [done, recent, live]) {
      await runTx(async (tx) => {
        await recordOrderEvent(tx, o.id, "status", { status: "OUT_FOR_DELIVERY" });
        await recordOrderEvent(tx, o.id, "position", { lat: 12.97, lng: 77.59, at: new Date().toISOString() });
        await recordOrderEvent(tx, o.id, "position", { lat: 12.98, lng: 77.6, at: new Date().toISOString() });
      });
    }
    try {
      expect(await pruneRiderPositions()).toBeGreaterThanOrEqual(2);
      const left = async (id: string) =>
        (await prisma.orderEvent.findMany({ where: { orderId: id }, select: { kind: true } })).map((e) => e.kind).sort();
      expect(await left(done.id)).toEqual(["status"]);
      expect(await left(recent.id)).toEqual(["position", "position", "status"]);
      expect(await left(live.id)).toEqual(["position", "position", "status"]);
    } finally {
      await prisma.order.deleteMany({ where: { id: { in: [done.id, recent.id, live.id] } } });
    }
  });
});
