import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { setHighDemand, updateShopFees } from "@/lib/bill";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { orderAgain, orderAgainMessage } from "@/lib/orders/order-again";
import { cashInHand } from "@/lib/partners/ledger";
import { partnerToday } from "@/lib/partners/app";
import { listBuyAgainProducts } from "@/lib/catalog/products";
import { call } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";
import { freePartner, makeUser, moveOrder, shopperWithCart } from "../support/bill-shopper";

// Issue 18: a tip goes on the bill, into the cash to collect and the partner's day (never into what the partner owes
// the shop); "Order again" puts a past order back in the cart and names what could not go in; "Buy again" lists a
// shopper's most-ordered products in stock at their store.

process.env.STRIPE_SECRET_KEY = "";
const ADMIN = { id: null, email: "script:tips-test" };

beforeAll(async () => {
  await installDemoStores();
  await updateShopFees(ADMIN, {
    deliveryFee: "30",
    freeDeliveryFrom: "199",
    handlingFee: "4",
    smallCartFee: "20",
    smallCartBelow: "99",
    lateNightFee: "0",
    lateNightFrom: "23:00",
    lateNightTo: "06:00",
    highDemandFee: "10",
  });
  await setHighDemand(ADMIN, { storeId: "main", on: false });
});

afterAll(async () => {
  await flushMail();
});

describe("a tip", () => {
  it("goes on the bill and into the cash to collect; the partner keeps it: their day shows it, the ledger owes the rest", async () => {
    await freePartner();
    const { token, body, user } = await shopperWithCart(25_000);
    const res = await call(codRoute, "POST", "/api/order/cash-on-delivery", { ...body, tip: 20, grandTotal: 274 }, { token });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.message).toBe("Order placed successfully. Amount to pay: ₹274 (items ₹250 + handling fee ₹4 + tip ₹20).");
    expect(res.body.bill).toMatchObject({ itemsTotal: 250, deliveryFee: 0, handlingFee: 4, tip: 20, grandTotal: 274 });
    const order = await prisma.order.findFirstOrThrow({ where: { userId: user.id }, include: { assignment: true } });
    expect(order).toMatchObject({ totalPaise: 27_400, tipPaise: 2_000 });
    const partner = await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: order.assignment!.partnerId } });
    const [cashBefore, tipsBefore] = await Promise.all([
      cashInHand(prisma, partner.id),
      partnerToday({ partnerId: partner.id } as never).then((t) => t.tipsPaise),
    ]);

    const admin = await makeUser("ADMIN");
    await moveOrder(order.orderNumber, ["PACKED", "OUT_FOR_DELIVERY", "DELIVERED"], admin.token);
    // (partnerToday reads only the partner's id)
    const today = await partnerToday({ partnerId: partner.id } as never);
    expect(today.tipsPaise - tipsBefore).toBe(2_000);
    // the partner took ₹274 at the door and owes the shop ₹254
    expect((await cashInHand(prisma, partner.id)) - cashBefore).toBe(25_400);
  });

  it("above ₹200, or negative, is refused with 400 and nothing is placed", async () => {
    const { token, body, user } = await shopperWithCart(25_000);
    const high = await call(codRoute, "POST", "/api/order/cash-on-delivery", { ...body, tip: 201 }, { token });
    expect(high.status).toBe(400);
    expect(high.body.message).toContain("A tip can be at most ₹200");
    const negative = await call(codRoute, "POST", "/api/order/cash-on-delivery", { ...body, tip: -5 }, { token });
    expect(negative.status).toBe(400);
    expect(await prisma.order.count({ where: { userId: user.id } })).toBe(0);
  });

  it("a grandTotal that leaves the tip out is refused with 409 naming the total with the tip", async () => {
    const { token, body } = await shopperWithCart(25_000);
    const res = await call(codRoute, "POST", "/api/order/cash-on-delivery", { ...body, tip: 30, grandTotal: 254 }, { token });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("The total changed to ₹284");
  });
});

describe("order again", () => {
  it("adds what the store has at today's prices, and names what it could not add and why", async () => {
    await freePartner();
    const first = await shopperWithCart(25_000, 2);
    const second = await prisma.product.create({
      data: { name: `Gone Ghee ${randomInt(1e6)}`, images: [], unit: "500 ml", stock: 5, pricePaise: 30_000, discount: 0, description: "t" },
    });
    const third = await prisma.product.create({
      data: { name: `Low Dal ${randomInt(1e6)}`, images: [], unit: "1 kg", stock: 9, pricePaise: 15_000, discount: 0, description: "t" },
    });
    await prisma.cartItem.createMany({
      data: [
        { userId: first.user.id, productId: second.id, quantity: 1 },
        { userId: first.user.id, productId: third.id, quantity: 4 },
      ],
    });
    const items = 500 + 300 + 600;
    const lines = [
      ...first.body.list_items,
      { _id: "line-2", quantity: 1, productId: { _id: second.id, price: 300, discount: 0 } },
      { _id: "line-3", quantity: 4, productId: { _id: third.id, price: 150, discount: 0 } },
    ];
    const placed = await call(codRoute, "POST", "/api/order/cash-on-delivery", { ...first.body, list_items: lines, subTotalAmt: items, totalAmt: items }, { token: first.token });
    expect(placed.status, placed.body.message).toBe(201);
    const order = await prisma.order.findFirstOrThrow({ where: { userId: first.user.id } });

    // since then: the ghee was deleted (unpublished), the dal is down to 3 and the atta's price went up
    await prisma.product.update({ where: { id: second.id }, data: { published: false } });
    await prisma.storeStock.update({ where: { storeId_productId: { storeId: "main", productId: third.id } }, data: { stock: 3 } });
    await prisma.product.update({ where: { id: first.product.id }, data: { pricePaise: 26_000 } });

    const viewer = { id: first.user.id, role: first.user.role, email: first.user.email, name: first.user.name, via: "session" } as const;
    const result = await orderAgain(viewer, order.orderNumber.toLowerCase(), "main");
    expect(result.added).toEqual([
      { productId: first.product.id, name: first.product.name, quantity: 2 },
      { productId: third.id, name: third.name, quantity: 3 },
    ]);
    expect(result.missing).toEqual([
      { productId: second.id, name: second.name, reason: "No longer sold" },
      { productId: third.id, name: third.name, reason: expect.stringMatching(/^3 of 4 added: Only 3 left at /) },
    ]);
    expect(orderAgainMessage(result)).toBe("5 items added to your cart; 2 could not be added");
    // today's price in the cart
    const atta = result.cart.lines.find((l) => l.product.id === first.product.id);
    expect(atta).toMatchObject({ quantity: 2, product: { pricePaise: 26_000 } });

    // again: the cart already holds all the store has of the dal
    const again = await orderAgain(viewer, order.orderNumber, "main");
    expect(again.missing.find((m) => m.productId === third.id)?.reason).toMatch(/^Already in your cart: only 3 left at /);

    // someone else's order is as missing as one that does not exist
    const stranger = await makeUser("USER");
    await expect(orderAgain(stranger.viewer, order.orderNumber, "main")).rejects.toMatchObject({ code: "NOT_FOUND" });

    // Buy again: most-ordered first, only what is sold and in stock
    await prisma.storeStock.update({ where: { storeId_productId: { storeId: "main", productId: third.id } }, data: { stock: 0 } });
    const row = await listBuyAgainProducts(first.user.id, "main");
    expect(row.map((p) => p.id)).toEqual([first.product.id]);
  });
});
