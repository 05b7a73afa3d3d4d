import { randomInt } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as cartGetRoute } from "@/app/api/cart/get/route";
import { POST as codRoute } from "@/app/api/order/cash-on-delivery/route";
import { GET as orderListRoute } from "@/app/api/order/order-list/route";
import { setHighDemand, updateShopFees } from "@/lib/bill";
import { prisma } from "@/lib/db";
import { flushMail } from "@/lib/mail";
import { setClock } from "@/lib/ops/clock";
import { call, type ApiResult } from "../fakes/accounts-api";
import { installDemoStores } from "../support/demo-stores";
import { shopperWithCart } from "../support/bill-shopper";

// Issue 18, "One bill, computed on the server": the REST contract's clients. A contract-shaped cash order without
// `grandTotal` (the seed's original SPA) is priced with the shop's fees and its message names the amount and the
// fees; a wrong `grandTotal` is refused (409) with the new total; a placed order keeps its bill when the fees
// change; GET /api/cart/get carries the bill beside the lines.

process.env.STRIPE_SECRET_KEY = "";

const ADMIN = { id: null, email: "script:bill-test" };
const DEFAULTS = {
  deliveryFee: "30",
  freeDeliveryFrom: "199",
  handlingFee: "4",
  smallCartFee: "20",
  smallCartBelow: "99",
  lateNightFee: "0",
  lateNightFrom: "23:00",
  lateNightTo: "06:00",
  highDemandFee: "10",
};

beforeAll(async () => {
  await installDemoStores();
  await updateShopFees(ADMIN, DEFAULTS);
});

afterAll(async () => {
  await updateShopFees(ADMIN, DEFAULTS);
  await setHighDemand(ADMIN, { storeId: "main", on: false });
  setClock(null);
  await flushMail();
});

beforeEach(async () => {
  // a free partner, so the order is dispatched and its message is "Order placed successfully …"
  await prisma.deliveryPartner.create({
    data: {
      name: "Bill Rider",
      phone: `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      isAvailable: true,
      availableSince: new Date(),
      storeId: "main",
    },
  });
});

const placeCod = (token: string, body: unknown): Promise<ApiResult> =>
  call(codRoute, "POST", "/api/order/cash-on-delivery", body, { token });

describe("a contract-shaped cash order without grandTotal", () => {
  it("is priced with the shop's fees: the message names the amount to pay and the fees, data.bill has every line", async () => {
    const { user, token, body } = await shopperWithCart(4_500);
    const res = await placeCod(token, body);
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.message).toBe(
      "Order placed successfully. Amount to pay: ₹99 (items ₹45 + delivery fee ₹30 + handling fee ₹4 + small cart fee ₹20).",
    );
    const [order] = res.body.data as Record<string, unknown>[];
    // the contract's amounts keep their meaning: the items, after product discounts
    expect(order).toMatchObject({ subTotalAmt: 45, totalAmt: 45 });
    expect(order!.bill).toEqual({
      itemsMrp: 45,
      productDiscount: 0,
      itemsTotal: 45,
      deliveryFee: 30,
      handlingFee: 4,
      smallCartFee: 20,
      lateNightFee: 0,
      highDemandFee: 0,
      couponCode: null,
      couponDiscount: 0,
      tip: 0,
      grandTotal: 99,
      explain: {
        deliveryFee: "Free delivery on orders of ₹199 and above",
        handlingFee: "Covers picking and packing your order at the store",
        smallCartFee: "Applies to orders below ₹99",
      },
    });
    expect(res.body.bill).toEqual(order!.bill);
    // what the shopper pays is the grand total: the cash to collect, revenue, refunds read it
    const stored = await prisma.order.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored).toMatchObject({ totalPaise: 9_900, deliveryPaise: 3_000, handlingFeePaise: 400, smallCartFeePaise: 2_000 });
  });

  it("has free delivery at exactly ₹199, and no small-cart fee", async () => {
    const { token, body } = await shopperWithCart(19_900);
    const res = await placeCod(token, body);
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.message).toBe("Order placed successfully. Amount to pay: ₹203 (items ₹199 + handling fee ₹4).");
    expect((res.body.data as { bill: Record<string, unknown> }[])[0]!.bill).toMatchObject({
      deliveryFee: 0,
      smallCartFee: 0,
      grandTotal: 203,
    });
  });
});

describe("a fee-aware client's grandTotal", () => {
  it("a different grandTotal is refused with 409 naming the new total, and nothing is placed; the right one places", async () => {
    const { user, token, body } = await shopperWithCart(4_500);
    const refused = await placeCod(token, { ...body, grandTotal: 45 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "The total changed to ₹99 (items ₹45 + delivery fee ₹30 + handling fee ₹4 + small cart fee ₹20). Check the bill and place your order again.",
    );
    expect(await prisma.order.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.cartItem.count({ where: { userId: user.id } })).toBe(1);

    const placed = await placeCod(token, { ...body, grandTotal: 99 });
    expect(placed.status, placed.body.message).toBe(201);
  });

  it("the contract's item totals are still checked: a wrong totalAmt is the old 409", async () => {
    const { token, body } = await shopperWithCart(4_500);
    const refused = await placeCod(token, { ...body, totalAmt: 99, grandTotal: 99 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Prices changed, review your cart");
  });
});

describe("changing fees", () => {
  it("never changes a placed order's bill; the next order pays the new fees", async () => {
    const first = await shopperWithCart(4_500);
    expect((await placeCod(first.token, first.body)).status).toBe(201);

    await updateShopFees(ADMIN, { ...DEFAULTS, deliveryFee: "45", handlingFee: "0" });
    try {
      const list = await call(orderListRoute, "GET", "/api/order/order-list", undefined, { token: first.token });
      const [row] = list.body.data as { bill: Record<string, unknown> }[];
      expect(row!.bill).toMatchObject({ deliveryFee: 30, handlingFee: 4, smallCartFee: 20, grandTotal: 99 });
      expect(row!.bill.explain).toMatchObject({ deliveryFee: "Free delivery on orders of ₹199 and above" });

      const second = await shopperWithCart(4_500);
      const res = await placeCod(second.token, second.body);
      expect(res.body.message).toBe(
        "Order placed successfully. Amount to pay: ₹110 (items ₹45 + delivery fee ₹45 + small cart fee ₹20).",
      );
    } finally {
      await updateShopFees(ADMIN, DEFAULTS);
    }
  });

  it("a store's high demand and the late-night window (in SHOP_TZ, at the test's clock) go on the bill", async () => {
    await setHighDemand(ADMIN, { storeId: "main", on: true });
    await updateShopFees(ADMIN, { ...DEFAULTS, lateNightFee: "15" });
    setClock(new Date("2026-11-26T23:30:00+05:30"));
    try {
      const { token, body } = await shopperWithCart(25_000);
      const res = await placeCod(token, body);
      expect(res.status, res.body.message).toBe(201);
      expect(res.body.bill).toMatchObject({ lateNightFee: 15, highDemandFee: 10, grandTotal: 250 + 4 + 15 + 10 });
      expect((res.body.bill as { explain: Record<string, string> }).explain.lateNightFee).toBe(
        "Applies to orders placed between 23:00 and 06:00",
      );
    } finally {
      setClock(null);
      await setHighDemand(ADMIN, { storeId: "main", on: false });
      await updateShopFees(ADMIN, DEFAULTS);
    }
  });

  it("is audited", async () => {
    await updateShopFees(ADMIN, { ...DEFAULTS, handlingFee: "5" });
    await updateShopFees(ADMIN, DEFAULTS);
    const entries = await prisma.auditLog.findMany({
      where: { action: "fee.shop", actorEmail: ADMIN.email },
      orderBy: [{ at: "desc" }, { id: "desc" }],
      take: 2,
    });
    expect(entries[1]).toMatchObject({ before: { handlingFeePaise: 400 }, after: { handlingFeePaise: 500 } });
  });
});

describe("GET /api/cart/get", () => {
  it("returns the bill beside data, in rupees, with the store's fees now", async () => {
    const { token } = await shopperWithCart(5_700);
    const res = await call(cartGetRoute, "GET", "/api/cart/get", undefined, { token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
    expect(res.body.bill).toMatchObject({
      itemsTotal: 57,
      deliveryFee: 30,
      handlingFee: 4,
      smallCartFee: 20,
      couponCode: null,
      couponDiscount: 0,
      tip: 0,
      grandTotal: 111,
    });
  });
});
