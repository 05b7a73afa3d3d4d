import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as checkoutRoute } from "@/app/api/order/checkout/route";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { POST as cancelRoute } from "@/app/api/order/cancel/route";
import { issueTokenPair } from "@/lib/auth/tokens";
import { dispatchQueuedOrders } from "@/lib/dispatch";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { discountedPricePaise, toRupees } from "@/lib/money";
import { releaseExpiredHolds } from "@/lib/orders";
import { invalidateStoreLoad, invalidateStoreTable } from "@/lib/stores";
import { call, randomIp, uniqueEmail, type ApiResult } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";

// Orders take stock from their dark store (issue 16): the store serving the delivery address sells, takes its own
// StoreStock with the no-oversell guarantee, records itself and its promise on the order, and dispatches its own
// riders. 560001 is served by the default store "main", 560034 by "koramangala", 560300 by nobody.

process.env.STRIPE_SECRET_KEY = "";
process.env.STRIPE_WEBHOOK_SECRET = "";
vi.stubEnv("ALLOW_TEST_PAYMENTS", "1");

const MAIN = "main";
const KORAMANGALA = "koramangala";

beforeAll(async () => {
  await installDemoStores();
});
afterAll(async () => {
  await flushMail();
});

type Product = { id: string; name: string; pricePaise: number; discount: number };

async function makeProduct(mainStock: number, otherStock: Record<string, number> = {}): Promise<Product> {
  const product = await prisma.product.create({
    data: {
      name: `Store Ragi ${randomUUID().slice(0, 6)}`,
      images: ["/media/catalog/ragi.webp"],
      unit: "1 kg",
      stock: mainStock, // the default store's shelf (mirrored)
      pricePaise: 9_000,
      discount: 0,
      description: "test",
    },
    select: { id: true, name: true, pricePaise: true, discount: true },
  });
  for (const [storeId, stock] of Object.entries(otherStock)) {
    await prisma.storeStock.create({ data: { storeId, productId: product.id, stock } });
    await prisma.stockMovement.create({
      data: { storeId, productId: product.id, delta: stock, reason: "RECEIVE", note: "test delivery" },
    });
  }
  return product;
}

async function shopper(pincode: string, lines: { product: Product; quantity: number }[], point?: { lat: number; lng: number }) {
  const user = await prisma.user.create({
    data: { name: "Store Shopper", email: uniqueEmail("stores"), passwordHash: "-" },
  });
  const address = await prisma.address.create({
    data: {
      userId: user.id,
      addressLine: "5 Church Street",
      city: "Bengaluru",
      state: "KA",
      country: "India",
      pincode,
      mobile: "9876543210",
      ...(point ?? {}),
    },
  });
  await prisma.cartItem.createMany({
    data: lines.map((l) => ({ userId: user.id, productId: l.product.id, quantity: l.quantity })),
  });
  const total = toRupees(
    lines.reduce((sum, l) => sum + discountedPricePaise(l.product.pricePaise, l.product.discount) * l.quantity, 0),
  );
  const body = {
    list_items: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
    addressId: address.id,
    subTotalAmt: total,
    totalAmt: total,
  };
  return { user, token: (await issueTokenPair(user)).accessToken, body };
}

const placeCod = (token: string, body: unknown): Promise<ApiResult> =>
  call(codRoute, "POST", "/api/order/cash-on-delivery", body, { token, ip: randomIp() });
const placeCard = (token: string, body: unknown): Promise<ApiResult> =>
  call(checkoutRoute, "POST", "/api/order/checkout", body, { token, ip: randomIp() });

const shelf = async (storeId: string, productId: string) =>
  (await prisma.storeStock.findUnique({ where: { storeId_productId: { storeId, productId } } }))?.stock ?? 0;
const productStock = async (id: string) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stock;

/** Stores whose ledger does not sum to their shelf, for these products. */
async function ledgerMismatches(productIds: string[]) {
  return prisma.$queryRaw<{ storeId: string; productId: string; stock: number; total: number }[]>`
    SELECT s."storeId", s."productId", s.stock, COALESCE(m.total, 0)::int AS total
    FROM "StoreStock" s
    LEFT JOIN (SELECT "storeId", "productId", sum(delta) AS total FROM "StockMovement"
               WHERE "productId" = ANY(${productIds}) GROUP BY 1, 2) m
      ON m."storeId" = s."storeId" AND m."productId" = s."productId"
    WHERE s."productId" = ANY(${productIds}) AND COALESCE(m.total, 0) <> s.stock`;
}

/** One free partner at each of these stores (null: a partner placed at no store, the default store's). */
async function freePartners(stores: (string | null)[]) {
  await prisma.deliveryPartner.updateMany({ data: { isAvailable: false } });
  await prisma.order.updateMany({ where: { dispatchQueuedAt: { not: null } }, data: { dispatchQueuedAt: null } });
  const made = [];
  for (const storeId of stores) {
    made.push(
      await prisma.deliveryPartner.create({
        data: {
          name: `Rider ${storeId ?? "unplaced"}`,
          phone: `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
          isAvailable: true,
          availableSince: new Date(),
          storeId,
        },
      }),
    );
  }
  invalidateStoreLoad();
  return made;
}

describe("checkout sells from the store serving the delivery address", () => {
  beforeEach(async () => {
    await freePartners([MAIN, KORAMANGALA]);
  });

  it("records the store and its promise on the order and takes that store's stock only", async () => {
    const ragi = await makeProduct(10, { [KORAMANGALA]: 10 });
    const { user, token, body } = await shopper("560034", [{ product: ragi, quantity: 3 }]);
    const res = await placeCod(token, body);
    expect(res.status, res.body.message).toBe(201);
    const order = await prisma.order.findFirstOrThrow({ where: { userId: user.id } });
    expect(order.storeId).toBe(KORAMANGALA);
    expect(order.promisedMinutes).toEqual(expect.any(Number));
    expect(order.promisedMinutes).toBeGreaterThanOrEqual(1);
    expect(await shelf(KORAMANGALA, ragi.id)).toBe(7);
    // the default store's shelf, and so Product.stock, is untouched
    expect(await shelf(MAIN, ragi.id)).toBe(10);
    expect(await productStock(ragi.id)).toBe(10);
    const sale = await prisma.stockMovement.findFirstOrThrow({ where: { orderId: order.id } });
    expect(sale).toMatchObject({ storeId: KORAMANGALA, productId: ragi.id, delta: -3, reason: "SALE" });
  });

  it("takes an address's saved coordinates over its pincode's centroid", async () => {
    const ragi = await makeProduct(5, { [KORAMANGALA]: 5 });
    // pincode 560001 (main), but the shopper stood at Koramangala's 80 Feet Road when saving it
    const { user, token, body } = await shopper("560001", [{ product: ragi, quantity: 1 }], {
      lat: 12.9345,
      lng: 77.6251,
    });
    expect((await placeCod(token, body)).status).toBe(201);
    expect((await prisma.order.findFirstOrThrow({ where: { userId: user.id } })).storeId).toBe(KORAMANGALA);
  });

  it("refuses an address no store serves with 409 naming its pincode, before anything changes", async () => {
    const ragi = await makeProduct(10);
    const { user, token, body } = await shopper("560300", [{ product: ragi, quantity: 2 }]);
    const cartBefore = await prisma.cartItem.findMany({ where: { userId: user.id } });
    for (const place of [placeCod, placeCard]) {
      const res = await place(token, body);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("Sorry, we don't deliver to 560300 yet");
    }
    expect(await prisma.order.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.cartItem.findMany({ where: { userId: user.id } })).toEqual(cartBefore);
    expect(await productStock(ragi.id)).toBe(10);
    expect(await prisma.stockMovement.count({ where: { productId: ragi.id } })).toBe(1); // its opening count
  });

  it("refuses while the serving store is paused, saying why, and sells again once it resumes", async () => {
    const ragi = await makeProduct(0, { [KORAMANGALA]: 4 });
    const { user, token, body } = await shopper("560034", [{ product: ragi, quantity: 1 }]);
    await prisma.store.update({
      where: { id: KORAMANGALA },
      data: { paused: true, pausedReason: "heavy rain", pausedAt: new Date() },
    });
    invalidateStoreTable();
    try {
      const res = await placeCod(token, body);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("Kwikmart Koramangala has paused orders (heavy rain); please try again soon");
      expect(await prisma.order.count({ where: { userId: user.id } })).toBe(0);
      expect(await shelf(KORAMANGALA, ragi.id)).toBe(4);
    } finally {
      await prisma.store.update({
        where: { id: KORAMANGALA },
        data: { paused: false, pausedReason: null, pausedAt: null },
      });
      invalidateStoreTable();
    }
    expect((await placeCod(token, body)).status).toBe(201);
  });

  it("a product sold out at one store is still orderable to an address another store serves", async () => {
    const ragi = await makeProduct(1, { [KORAMANGALA]: 2 });
    const first = await shopper("560001", [{ product: ragi, quantity: 1 }]);
    expect((await placeCod(first.token, first.body)).status).toBe(201);

    const late = await shopper("560025", [{ product: ragi, quantity: 1 }]); // main's too
    const refused = await placeCod(late.token, late.body);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Sorry, ${ragi.name} is out of stock. Review your cart.`);

    const elsewhere = await shopper("560034", [{ product: ragi, quantity: 2 }]);
    expect((await placeCod(elsewhere.token, elsewhere.body)).status).toBe(201);
    expect([await shelf(MAIN, ragi.id), await shelf(KORAMANGALA, ragi.id)]).toEqual([0, 0]);
  });
});

describe("stock races at two stores (real concurrency)", () => {
  it("concurrent cash checkouts at two stores: no oversell at either, each store's buyers queue only on its own shelf", async () => {
    // the store promise reads riders; give each store plenty so every order is dispatched or queued quickly
    await freePartners([MAIN, KORAMANGALA]);
    const ragi = await makeProduct(6, { [KORAMANGALA]: 4 });
    const buyers = await Promise.all([
      ...Array.from({ length: 15 }, () => shopper("560001", [{ product: ragi, quantity: 1 }])),
      ...Array.from({ length: 15 }, () => shopper("560034", [{ product: ragi, quantity: 1 }])),
    ]);
    const results = await Promise.all(buyers.map((b) => placeCod(b.token, b.body)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 201 && s !== 409), JSON.stringify(results.map((r) => r.body.message))).toEqual(
      [],
    );
    const orders = await prisma.order.groupBy({
      by: ["storeId"],
      where: { userId: { in: buyers.map((b) => b.user.id) } },
      _count: { _all: true },
    });
    const byStore = Object.fromEntries(orders.map((o) => [o.storeId, o._count._all]));
    expect(byStore).toEqual({ [MAIN]: 6, [KORAMANGALA]: 4 });
    expect([await shelf(MAIN, ragi.id), await shelf(KORAMANGALA, ragi.id), await productStock(ragi.id)]).toEqual([
      0, 0, 0,
    ]);
    // the refused keep their carts
    const refused = buyers.filter((_, i) => results[i]!.status === 409);
    expect(refused).toHaveLength(20);
    expect(await prisma.cartItem.count({ where: { userId: { in: refused.map((b) => b.user.id) } } })).toBe(20);
    expect(await ledgerMismatches([ragi.id])).toEqual([]);
  });
});

describe("the ledger", () => {
  it("sums to each store's stock after orders, cancels, released holds and direct Product.stock writes", async () => {
    await freePartners([MAIN, KORAMANGALA]);
    const ragi = await makeProduct(20, { [KORAMANGALA]: 8 });
    const millet = await makeProduct(5, { [KORAMANGALA]: 5 });
    const ids = [ragi.id, millet.id];

    // a cash order at each store; the one at Koramangala is cancelled by its shopper
    const atMain = await shopper("560001", [
      { product: ragi, quantity: 2 },
      { product: millet, quantity: 1 },
    ]);
    expect((await placeCod(atMain.token, atMain.body)).status).toBe(201);
    const atKora = await shopper("560034", [{ product: ragi, quantity: 3 }]);
    const placed = await placeCod(atKora.token, atKora.body);
    expect(placed.status).toBe(201);
    const orderId = (placed.body.data as { orderId: string }[])[0]!.orderId;
    const cancelled = await call(cancelRoute, "POST", "/api/order/cancel", { orderId }, { token: atKora.token });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(await shelf(KORAMANGALA, ragi.id)).toBe(8);

    // a card order holds stock at Koramangala; its hold runs out and the sweeper gives it back
    const holder = await shopper("560034", [{ product: millet, quantity: 2 }]);
    expect((await placeCard(holder.token, holder.body)).status).toBe(201);
    expect(await shelf(KORAMANGALA, millet.id)).toBe(3);
    const released = await releaseExpiredHolds(new Date(Date.now() + 60 * 60_000));
    expect(released.released).toBeGreaterThanOrEqual(1);
    expect(await shelf(KORAMANGALA, millet.id)).toBe(5);

    // an admin (or an old client) writes Product.stock: a count at the default store
    await prisma.product.update({ where: { id: ragi.id }, data: { stock: 11 } });

    expect(await shelf(MAIN, ragi.id)).toBe(11);
    expect(await shelf(MAIN, millet.id)).toBe(4);
    expect(await productStock(millet.id)).toBe(4);
    expect(await ledgerMismatches(ids)).toEqual([]);
    const reasons = await prisma.stockMovement.groupBy({
      by: ["storeId", "reason"],
      where: { productId: { in: ids } },
      _sum: { delta: true },
    });
    const byReason = reasons.map((r) => [r.storeId, r.reason, r._sum.delta]);
    expect(byReason.sort((a, b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`))).toEqual([
      [KORAMANGALA, "CANCEL", 5],
      [KORAMANGALA, "RECEIVE", 13],
      [KORAMANGALA, "SALE", -5],
      [MAIN, "COUNT", 20 + 5 + (11 - 18)],
      [MAIN, "SALE", -3],
    ]);
  });
});

describe("dispatch by store", () => {
  it("gives an order only to a partner of its own store; a partner of no store rides for the default store", async () => {
    const ragi = await makeProduct(10, { [KORAMANGALA]: 10 });
    const [koraRider] = await freePartners([KORAMANGALA]);

    // nobody free at main: the order waits, Koramangala's rider is not sent across town
    const atMain = await shopper("560001", [{ product: ragi, quantity: 1 }]);
    const queued = await placeCod(atMain.token, atMain.body);
    expect(queued.status).toBe(201);
    expect(queued.body.deliveryPartner).toBeUndefined();
    const mainOrder = await prisma.order.findFirstOrThrow({ where: { userId: atMain.user.id } });
    expect(mainOrder.dispatchQueuedAt).not.toBeNull();

    // Koramangala's order gets Koramangala's rider
    const atKora = await shopper("560034", [{ product: ragi, quantity: 1 }]);
    const sent = await placeCod(atKora.token, atKora.body);
    expect(sent.body.deliveryPartner).toMatchObject({ name: koraRider!.name });

    // a rider placed at no store comes on shift: the default store's queued order is theirs
    const unplaced = await prisma.deliveryPartner.create({
      data: {
        name: "Rider unplaced",
        phone: `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
        isAvailable: true,
        availableSince: new Date(),
      },
    });
    const handed = await dispatchQueuedOrders();
    expect(handed.map((h) => [h.orderId, h.partner.partnerId])).toEqual([[mainOrder.id, unplaced.id]]);
  });
});
