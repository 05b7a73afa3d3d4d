import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { PUT as reassignRoute } from "@/app/api/order/reassign/route";
import { PUT as statusRoute } from "@/app/api/order/status/route";
import { prisma } from "@/lib/db";
import { listAdminOrders } from "@/lib/orders";
import { SILENT_PARTNER_MINUTES, silentMinutes } from "@/lib/orders/reassign";
import { call } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";
import { makeUser, shopperWithCart } from "../support/bill-shopper";

// Issue 17, "Exceptions an admin can act on": a partner silent on an active delivery (no position, no step) for more
// than SILENT_PARTNER_MINUTES is flagged on the board, and the admin gives a placed or packed order to another free
// partner of the store (PUT /api/order/reassign). The orders here are Indiranagar's (560038), whose partners are this
// file's own.

process.env.STRIPE_SECRET_KEY = "";
const STORE = "indiranagar";

const offShift = () => prisma.deliveryPartner.updateMany({ where: { storeId: STORE }, data: { isAvailable: false } });

beforeAll(async () => {
  await installDemoStores();
  await offShift();
});
// the next file in this database finds the store's partners as this one did
afterAll(offShift);

const partnerAt = (name: string, available: boolean, idleSince = new Date()) =>
  prisma.deliveryPartner.create({
    data: {
      name,
      phone: `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      isAvailable: available,
      availableSince: available ? idleSince : null,
      storeId: STORE,
    },
  });

/** A cash order of a new shopper at 560038 (Indiranagar); answers the order with its assignment. */
async function storeOrder() {
  const { token, body, product, address } = await shopperWithCart(25_000);
  await prisma.address.update({ where: { id: address.id }, data: { pincode: "560038" } });
  await prisma.storeStock.create({ data: { storeId: STORE, productId: product.id, stock: 20 } });
  const res = await call(codRoute, "POST", "/api/order/cash-on-delivery", body, { token });
  expect(res.status, res.body.message).toBe(201);
  const number = (res.body.data as { orderId: string }[])[0]!.orderId;
  return prisma.order.findUniqueOrThrow({ where: { orderNumber: number }, include: { assignment: true } });
}

describe("a silent partner", () => {
  it("is flagged after the limit, counting from the last position or step", () => {
    const now = Date.parse("2026-11-26T12:00:00Z");
    const ago = (m: number) => new Date(now - m * 60_000);
    const active = { assignedAt: ago(30), lastSeenAt: ago(SILENT_PARTNER_MINUTES - 1), completedAt: null };
    expect(silentMinutes(active, "OUT_FOR_DELIVERY", now)).toBeNull();
    expect(silentMinutes({ ...active, lastSeenAt: ago(7) }, "OUT_FOR_DELIVERY", now)).toBe(7);
    expect(silentMinutes({ ...active, lastSeenAt: null }, "PACKED", now)).toBe(30);
    expect(silentMinutes({ ...active, lastSeenAt: null }, "DELIVERED", now)).toBeNull();
  });

  it("is flagged on the board, and the admin gives the packed order to another free partner of the store", async () => {
    const silent = await partnerAt("Silent Sunil", true, new Date("2000-01-01"));
    const order = await storeOrder();
    expect(order.assignment?.partnerId).toBe(silent.id);
    const admin = await makeUser("ADMIN");
    expect((await call(statusRoute, "PUT", "/api/order/status", { orderId: order.orderNumber, status: "PACKED" }, { token: admin.token })).status).toBe(200);

    // nothing heard for 8 minutes
    await prisma.partnerAssignment.update({
      where: { orderId: order.id },
      data: { assignedAt: new Date(Date.now() - 8 * 60_000), lastSeenAt: null },
    });
    const board = await listAdminOrders(admin.viewer, { status: "PACKED", storeId: STORE, limit: 50 });
    expect(board.orders.find((o) => o.orderNumber === order.orderNumber)?.silentMinutes).toBe(8);

    // nobody else free: refused, nothing changes
    const none = await call(reassignRoute, "PUT", "/api/order/reassign", { orderId: order.orderNumber }, { token: admin.token });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe("No other partner of this store is free right now. Try again when one is, or call the partner.");
    expect((await prisma.partnerAssignment.findUniqueOrThrow({ where: { orderId: order.id } })).partnerId).toBe(silent.id);

    const fresh = await partnerAt("Fresh Farah", true);
    const shopper = await makeUser("USER");
    expect((await call(reassignRoute, "PUT", "/api/order/reassign", { orderId: order.orderNumber }, { token: shopper.token })).status).toBe(403);
    const res = await call(reassignRoute, "PUT", "/api/order/reassign", { orderId: order.orderNumber.toLowerCase() }, { token: admin.token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toMatch(new RegExp(`^Order ${order.orderNumber} is now with Fresh Farah \\(ETA \\d+ minutes?\\)$`));
    expect(res.body.data).toMatchObject({ orderId: order.orderNumber, deliveryPartner: { name: "Fresh Farah", phone: fresh.phone } });

    const after = await prisma.partnerAssignment.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(after).toMatchObject({ partnerId: fresh.id, completedAt: null, lastSeenAt: null });
    const [s, f] = await Promise.all([silent.id, fresh.id].map((id) => prisma.deliveryPartner.findUniqueOrThrow({ where: { id } })));
    expect(s!.isAvailable).toBe(false); // switched off: back online only from the app
    expect(f!.isAvailable).toBe(false); // busy with the order now
    const events = await prisma.orderEvent.findMany({ where: { orderId: order.id, kind: "partner" } });
    expect(events.at(-1)?.data).toMatchObject({ step: "reassigned", label: "New delivery partner: Fresh Farah" });
    expect(await prisma.auditLog.count({ where: { action: "order.reassign", subjectId: order.id } })).toBe(1);
    const flagged = await listAdminOrders(admin.viewer, { status: "PACKED", storeId: STORE, limit: 50 });
    expect(flagged.orders.find((o) => o.orderNumber === order.orderNumber)?.silentMinutes).toBeNull();

    // once out for delivery the goods are with the partner: no reassigning, the admin is told whom to call
    expect((await call(statusRoute, "PUT", "/api/order/status", { orderId: order.orderNumber, status: "OUT_FOR_DELIVERY" }, { token: admin.token })).status).toBe(200);
    const out = await call(reassignRoute, "PUT", "/api/order/reassign", { orderId: order.orderNumber }, { token: admin.token });
    expect(out.status).toBe(409);
    expect(out.body.message).toBe(`The order is already out with Fresh Farah: call them on ${fresh.phone}, or cancel the order`);
    const unknown = await call(reassignRoute, "PUT", "/api/order/reassign", { orderId: "KM-NOPE" }, { token: admin.token });
    expect(unknown.status).toBe(404);
    await call(statusRoute, "PUT", "/api/order/status", { orderId: order.orderNumber, status: "CANCELLED" }, { token: admin.token });
  });
});
