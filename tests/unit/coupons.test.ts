import { describe, expect, it } from "vitest";
import { computeBill } from "@/lib/bill/compute";
import { amountToPayText } from "@/lib/bill/lines";
import { DEFAULT_FEES, feesAt, NO_OVERRIDES } from "@/lib/bill/schedule";
import {
  cartCouponMessage,
  checkCoupon,
  couponDiscountPaise,
  couponExplain,
  normaliseCode,
  type Coupon,
  type CouponContext,
  type CouponTerms,
} from "@/lib/coupons/rules";
import { createCouponSchema, toCouponBody, toCouponFields, updateCouponSchema } from "@/lib/coupons/schemas";

// Coupons' edges (issue 18), in the fee engine's style: the discount at and around the minimum order, the percent's
// cap exactly at the boundary, never more than the items, fees charged on the items before the coupon, and every
// rule of checkCoupon with its message (validity to the millisecond, limits exactly reached).

const TZ = "Asia/Kolkata";
const ist = (when: string) => new Date(`${when}+05:30`);
const defaults = feesAt(DEFAULT_FEES, { ...NO_OVERRIDES, area: "MG Road" }, ist("2026-11-26T12:00:00"), TZ);
const items = (rupees: number, mrp = rupees) => ({ itemsTotalPaise: rupees * 100, itemsMrpPaise: mrp * 100 });

const WELCOME50: CouponTerms = {
  code: "WELCOME50",
  kind: "flat",
  amountPaise: 5_000,
  percent: null,
  maxDiscountPaise: null,
  minOrderPaise: 19_900,
};
const SAVE10: CouponTerms = {
  code: "SAVE10",
  kind: "percent",
  amountPaise: null,
  percent: 10,
  maxDiscountPaise: 6_000,
  minOrderPaise: 29_900,
};

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: "c1",
  ...SAVE10,
  validFrom: null,
  validTo: null,
  perUserLimit: null,
  totalLimit: null,
  usedCount: 0,
  firstOrderOnly: false,
  storeIds: [],
  active: true,
  ...over,
});

const ctx = (over: Partial<CouponContext> = {}): CouponContext => ({
  itemsTotalPaise: 40_000,
  storeId: "main",
  storeArea: "MG Road",
  at: ist("2026-11-26T12:00:00"),
  timeZone: TZ,
  userUses: 0,
  userOrders: 0,
  ...over,
});

describe("couponDiscountPaise", () => {
  it("a flat coupon gives its amount from exactly its minimum, nothing a paisa below", () => {
    expect(couponDiscountPaise(WELCOME50, 19_900)).toBe(5_000);
    expect(couponDiscountPaise(WELCOME50, 19_899)).toBe(0);
    expect(couponDiscountPaise(WELCOME50, 0)).toBe(0);
  });

  it("a percent coupon is capped by its maximum discount, exactly at the boundary", () => {
    expect(couponDiscountPaise(SAVE10, 29_900)).toBe(2_990);
    // 10 % of ₹600 is ₹60, the cap itself; of ₹600.10 it would be ₹60.01: capped
    expect(couponDiscountPaise(SAVE10, 60_000)).toBe(6_000);
    expect(couponDiscountPaise(SAVE10, 60_010)).toBe(6_000);
    expect(couponDiscountPaise(SAVE10, 59_990)).toBe(5_999);
    expect(couponDiscountPaise(SAVE10, 5_000_000)).toBe(6_000);
  });

  it("rounds a percent down to the paisa, and without a cap takes the whole percent", () => {
    expect(couponDiscountPaise({ ...SAVE10, minOrderPaise: 0 }, 12_345)).toBe(1_234);
    expect(couponDiscountPaise({ ...SAVE10, maxDiscountPaise: null }, 100_000)).toBe(10_000);
  });

  it("never takes more than the items total", () => {
    expect(couponDiscountPaise({ ...WELCOME50, minOrderPaise: 0 }, 3_000)).toBe(3_000);
    expect(couponDiscountPaise({ ...SAVE10, percent: 100, maxDiscountPaise: null, minOrderPaise: 0 }, 4_550)).toBe(4_550);
  });
});

describe("computeBill with a coupon", () => {
  it("takes the discount off the grand total, fees charged on the items before it, the line explained", () => {
    // ₹199 of items: delivery is free at ₹199, and stays free although the coupon takes ₹50 off
    const bill = computeBill(items(199, 250), defaults, WELCOME50);
    expect(bill).toMatchObject({
      itemsTotalPaise: 19_900,
      deliveryFeePaise: 0,
      handlingFeePaise: 400,
      couponCode: "WELCOME50",
      couponDiscountPaise: 5_000,
      grandTotalPaise: 19_900 + 400 - 5_000,
    });
    expect(bill.explain.coupon).toBe("₹50 off on orders of ₹199 and above");
    expect(amountToPayText(bill)).toBe("Amount to pay: ₹153 (items ₹199 + handling fee ₹4 + coupon −₹50).");
  });

  it("below the minimum the coupon is no line at all: no code, no discount, no explanation", () => {
    const bill = computeBill(items(198), defaults, WELCOME50);
    expect(bill).toMatchObject({ couponCode: null, couponDiscountPaise: 0, grandTotalPaise: 19_800 + 3_000 + 400 });
    expect(bill.explain.coupon).toBeUndefined();
  });

  it("an empty cart pays nothing and gets nothing off", () => {
    expect(computeBill(items(0), defaults, { ...WELCOME50, minOrderPaise: 0 })).toMatchObject({
      couponDiscountPaise: 0,
      grandTotalPaise: 0,
    });
  });

  it("a percent coupon's cap holds on the bill", () => {
    const bill = computeBill(items(1_000), defaults, SAVE10);
    expect(bill.couponDiscountPaise).toBe(6_000);
    expect(bill.grandTotalPaise).toBe(100_000 + 400 - 6_000);
    expect(couponExplain(SAVE10)).toBe("10% off up to ₹60 on orders of ₹299 and above");
  });
});

describe("checkCoupon: one rule at a time, with the shopper's words", () => {
  it("accepts a valid coupon with its discount", () => {
    expect(checkCoupon(coupon(), ctx())).toEqual({ ok: true, discountPaise: 4_000 });
  });

  it("an unknown code", () => {
    expect(checkCoupon(null, ctx(), " nope ")).toMatchObject({
      ok: false,
      rule: "unknown",
      message: "NOPE is not a valid coupon code. Check the code and try again.",
    });
  });

  it("an inactive coupon", () => {
    expect(checkCoupon(coupon({ active: false }), ctx())).toMatchObject({ rule: "inactive", message: "SAVE10 is not active right now" });
  });

  it("valid from its first moment to its last, not a millisecond outside", () => {
    const validFrom = ist("2026-12-01T10:00:00");
    const validTo = ist("2026-12-31T23:59:00");
    const c = coupon({ validFrom, validTo });
    expect(checkCoupon(c, ctx({ at: new Date(validFrom.getTime() - 1) }))).toMatchObject({
      rule: "notYetValid",
      message: "SAVE10 can be used from 1 Dec 2026, 10:00",
    });
    expect(checkCoupon(c, ctx({ at: validFrom })).ok).toBe(true);
    expect(checkCoupon(c, ctx({ at: validTo })).ok).toBe(true);
    expect(checkCoupon(c, ctx({ at: new Date(validTo.getTime() + 1) }))).toMatchObject({
      rule: "expired",
      message: "SAVE10 expired on 31 Dec 2026, 23:59",
    });
  });

  it("below the minimum order: how much more", () => {
    expect(checkCoupon(coupon(), ctx({ itemsTotalPaise: 24_900 }))).toMatchObject({
      rule: "minOrder",
      message: "Add ₹50 more to use SAVE10",
      missingPaise: 5_000,
    });
    expect(checkCoupon(coupon(), ctx({ itemsTotalPaise: 29_900 })).ok).toBe(true);
    expect(checkCoupon(coupon(), ctx({ itemsTotalPaise: 0 }))).toMatchObject({ rule: "emptyCart" });
  });

  it("not for this store", () => {
    expect(checkCoupon(coupon({ storeIds: ["koramangala"] }), ctx())).toMatchObject({
      rule: "store",
      message: "SAVE10 is not valid at the MG Road store",
    });
    expect(checkCoupon(coupon({ storeIds: ["koramangala", "main"] }), ctx()).ok).toBe(true);
  });

  it("first order only", () => {
    const c = coupon({ firstOrderOnly: true });
    expect(checkCoupon(c, ctx({ userOrders: 0 })).ok).toBe(true);
    expect(checkCoupon(c, ctx({ userOrders: 1 }))).toMatchObject({ rule: "firstOrder", message: "SAVE10 is for your first order only" });
  });

  it("the per-shopper limit, exactly when reached", () => {
    expect(checkCoupon(coupon({ perUserLimit: 1 }), ctx({ userUses: 1 }))).toMatchObject({
      rule: "perUserLimit",
      message: "You have already used SAVE10",
    });
    expect(checkCoupon(coupon({ perUserLimit: 2 }), ctx({ userUses: 1 })).ok).toBe(true);
    expect(checkCoupon(coupon({ perUserLimit: 2 }), ctx({ userUses: 2 }))).toMatchObject({
      message: "You have used SAVE10 2 times, its limit per shopper",
    });
  });

  it("the total limit, exactly when reached", () => {
    expect(checkCoupon(coupon({ totalLimit: 10, usedCount: 9 }), ctx()).ok).toBe(true);
    expect(checkCoupon(coupon({ totalLimit: 10, usedCount: 10 }), ctx())).toMatchObject({
      rule: "totalLimit",
      message: "SAVE10 has been fully used: its 10 uses are taken",
    });
  });

  it("names a lasting rule before asking for more items", () => {
    expect(checkCoupon(coupon({ active: false }), ctx({ itemsTotalPaise: 100 }))).toMatchObject({ rule: "inactive" });
  });
});

describe("the cart's coupon as the browser re-reads it", () => {
  it("says how much is missing at the new items total, and nothing once it applies", () => {
    const state = { code: "SAVE10", terms: SAVE10, message: "Add ₹100 more to use SAVE10" };
    expect(cartCouponMessage(state, 24_900)).toBe("Add ₹50 more to use SAVE10");
    expect(cartCouponMessage(state, 29_900)).toBeNull();
    expect(cartCouponMessage({ code: "X1", terms: null, message: "X1 is not valid at the MG Road store" }, 50_000)).toBe(
      "X1 is not valid at the MG Road store",
    );
  });
});

describe("the coupon calls' bodies", () => {
  it("codes are case-insensitive: kept upper-case", () => {
    expect(normaliseCode(" save10 ")).toBe("SAVE10");
    const parsed = createCouponSchema.parse({ code: "welcome50", type: "flat", value: 50, minOrder: 199 });
    expect(parsed).toMatchObject({ code: "WELCOME50", type: "flat", value: 50, minOrder: 19_900 });
    expect(toCouponFields(parsed)).toMatchObject({ code: "WELCOME50", kind: "flat", amountPaise: 5_000, minOrderPaise: 19_900 });
  });

  it("refuses what it cannot read, naming the field", () => {
    const bad = createCouponSchema.safeParse({ code: "a b", type: "gift", value: "ten" });
    expect(bad.success).toBe(false);
    const fields = bad.error!.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["code", "type", "value"]));
    expect(createCouponSchema.safeParse({ code: "OK10", type: "flat", value: 5, minOrder: 1.005 }).success).toBe(false);
    expect(createCouponSchema.safeParse({ code: "OK10", type: "flat", value: 5, validTo: "soon" }).success).toBe(false);
    expect(createCouponSchema.safeParse({ code: "OK10", type: "flat", value: 5, totalLimit: 0 }).success).toBe(false);
  });

  it("an update changes only what it names", () => {
    const parsed = updateCouponSchema.parse({ _id: "c1", active: false });
    expect(toCouponFields(parsed)).toEqual({ active: false });
  });

  it("the admin's form becomes the same body", () => {
    const body = toCouponBody({
      _id: "",
      code: "SAVE10",
      type: "percent",
      value: "10",
      maxDiscount: "60",
      minOrder: "",
      validFrom: "",
      validTo: "",
      perUserLimit: "",
      totalLimit: "10",
      firstOrderOnly: false,
      storeIds: [],
      active: true,
    });
    expect(body).toEqual({
      code: "SAVE10",
      type: "percent",
      value: "10",
      maxDiscount: "60",
      minOrder: "0",
      validFrom: null,
      validTo: null,
      perUserLimit: null,
      totalLimit: "10",
      firstOrderOnly: false,
      storeIds: [],
      active: true,
    });
    expect(createCouponSchema.parse(body)).toMatchObject({ maxDiscount: 6_000, totalLimit: 10, perUserLimit: null });
  });
});
