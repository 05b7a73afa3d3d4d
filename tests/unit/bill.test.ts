import { describe, expect, it } from "vitest";
import { computeBill, type AppliedFees } from "@/lib/bill/compute";
import { amountToPayText, nextSavings } from "@/lib/bill/lines";
import { DEFAULT_FEES, feesAt, inLateNightWindow, NO_OVERRIDES } from "@/lib/bill/schedule";
import { paiseOf, rupeesText } from "@/lib/bill/schemas";

// The fee engine's edges (issue 18): thresholds exactly at the boundary, zero fees, a late-night window across
// midnight in the shop's time zone, a store's overrides, and a fee change after a cart was priced.

const TZ = "Asia/Kolkata";
/** An instant at a local time in Asia/Kolkata (UTC+5:30). */
const ist = (hhmm: string) => new Date(`2026-11-26T${hhmm}:00+05:30`);
const store = { ...NO_OVERRIDES, area: "MG Road" };
const defaults = feesAt(DEFAULT_FEES, store, ist("12:00"), TZ);
const items = (rupees: number, mrp = rupees) => ({ itemsTotalPaise: rupees * 100, itemsMrpPaise: mrp * 100 });

describe("computeBill with the shop's defaults", () => {
  it("charges delivery ₹30, handling ₹4 and the small-cart fee ₹20 on a ₹50 cart, each explained", () => {
    const bill = computeBill(items(50, 60), defaults);
    expect(bill).toMatchObject({
      itemsMrpPaise: 6000,
      productDiscountPaise: 1000,
      itemsTotalPaise: 5000,
      deliveryFeePaise: 3000,
      handlingFeePaise: 400,
      smallCartFeePaise: 2000,
      lateNightFeePaise: 0,
      highDemandFeePaise: 0,
      couponCode: null,
      couponDiscountPaise: 0,
      tipPaise: 0,
      grandTotalPaise: 5000 + 3000 + 400 + 2000,
    });
    expect(bill.explain.deliveryFee).toBe("Free delivery on orders of ₹199 and above");
    expect(bill.explain.smallCartFee).toBe("Applies to orders below ₹99");
    expect(bill.explain.handlingFee).toBeTruthy();
    expect(Object.keys(bill.explain).sort()).toEqual(["deliveryFee", "handlingFee", "smallCartFee"]);
  });

  it("exactly ₹99 pays no small-cart fee; ₹98.99 does", () => {
    expect(computeBill({ itemsTotalPaise: 9900, itemsMrpPaise: 9900 }, defaults).smallCartFeePaise).toBe(0);
    expect(computeBill({ itemsTotalPaise: 9899, itemsMrpPaise: 9899 }, defaults).smallCartFeePaise).toBe(2000);
  });

  it("exactly ₹199 has free delivery; ₹198.99 pays ₹30", () => {
    const at = computeBill({ itemsTotalPaise: 19900, itemsMrpPaise: 25000 }, defaults);
    expect(at.deliveryFeePaise).toBe(0);
    expect(at.explain.deliveryFee).toBeUndefined();
    expect(at.grandTotalPaise).toBe(19900 + 400);
    expect(computeBill({ itemsTotalPaise: 19899, itemsMrpPaise: 19899 }, defaults).deliveryFeePaise).toBe(3000);
  });

  it("judges thresholds on the price after product discounts, not the MRP", () => {
    expect(computeBill(items(150, 250), defaults).deliveryFeePaise).toBe(3000);
  });

  it("an empty cart pays nothing", () => {
    expect(computeBill(items(0), defaults)).toMatchObject({ grandTotalPaise: 0, handlingFeePaise: 0, explain: {} });
  });

  it("fees set to 0 are no fees: the bill is the items, and nothing to explain", () => {
    const none: AppliedFees = { ...defaults, deliveryFeePaise: 0, handlingFeePaise: 0, smallCartFeePaise: 0 };
    const bill = computeBill(items(10), none);
    expect(bill.grandTotalPaise).toBe(1000);
    expect(bill.explain).toEqual({});
    expect(amountToPayText(bill)).toBe("Amount to pay: ₹10, no fees.");
  });

  it("states the amount to pay and the fees in it", () => {
    expect(amountToPayText(computeBill(items(50), defaults))).toBe(
      "Amount to pay: ₹104 (items ₹50 + delivery fee ₹30 + handling fee ₹4 + small cart fee ₹20).",
    );
  });
});

describe("a tip", () => {
  it("is added on top of the fees and named in the amount to pay; it never makes delivery free", () => {
    const bill = computeBill(items(180), defaults, null, { tipPaise: 3000 });
    expect(bill).toMatchObject({ tipPaise: 3000, deliveryFeePaise: 3000, grandTotalPaise: 18000 + 3000 + 400 + 3000 });
    expect(amountToPayText(bill)).toBe("Amount to pay: ₹244 (items ₹180 + delivery fee ₹30 + handling fee ₹4 + tip ₹30).");
  });

  it("is none on an empty basket, and never negative or fractional", () => {
    expect(computeBill(items(0), defaults, null, { tipPaise: 2000 }).grandTotalPaise).toBe(0);
    expect(computeBill(items(250), defaults, null, { tipPaise: -500 }).tipPaise).toBe(0);
    expect(computeBill(items(250), defaults, null, { tipPaise: 1999.6 }).tipPaise).toBe(1999);
  });
});

describe("nextSavings", () => {
  it("says how much more for free delivery and for no small-cart fee", () => {
    const bill = computeBill(items(57), defaults);
    expect(nextSavings(bill, defaults).map((n) => n.text)).toEqual([
      "Add ₹42 more to avoid the ₹20 small cart fee",
      "Add ₹142 more for free delivery",
    ]);
  });
  it("nothing to nudge once delivery is free", () => {
    expect(nextSavings(computeBill(items(199), defaults), defaults)).toEqual([]);
  });
});

describe("the late-night fee", () => {
  const shop = { ...DEFAULT_FEES, lateNightFeePaise: 1500, lateNightFrom: 23 * 60, lateNightTo: 6 * 60 };

  it("is off by default", () => {
    expect(feesAt(DEFAULT_FEES, store, ist("23:30"), TZ).lateNightFeePaise).toBe(0);
  });

  it("applies in a window across midnight, read in the shop's time zone", () => {
    expect(feesAt(shop, store, ist("22:59"), TZ).lateNightFeePaise).toBe(0);
    expect(feesAt(shop, store, ist("23:00"), TZ).lateNightFeePaise).toBe(1500);
    expect(feesAt(shop, store, ist("02:00"), TZ).lateNightFeePaise).toBe(1500);
    expect(feesAt(shop, store, ist("05:59"), TZ).lateNightFeePaise).toBe(1500);
    expect(feesAt(shop, store, ist("06:00"), TZ).lateNightFeePaise).toBe(0);
    // 23:30 in Kolkata is 18:00 UTC: a server on UTC must not think it is evening
    expect(feesAt(shop, store, new Date("2026-11-26T18:00:00Z"), TZ).lateNightFeePaise).toBe(1500);
    expect(feesAt(shop, store, new Date("2026-11-26T18:00:00Z"), "UTC").lateNightFeePaise).toBe(0);
  });

  it("is explained with its window", () => {
    const bill = computeBill(items(300), feesAt(shop, store, ist("23:30"), TZ));
    expect(bill.lateNightFeePaise).toBe(1500);
    expect(bill.explain.lateNightFee).toBe("Applies to orders placed between 23:00 and 06:00");
  });

  it("an empty window (from = to) never applies; a window ending at midnight does", () => {
    expect(inLateNightWindow(60, 60, 60)).toBe(false);
    expect(inLateNightWindow(22 * 60, 0, 23 * 60 + 59)).toBe(true);
    expect(inLateNightWindow(22 * 60, 0, 0)).toBe(false);
  });
});

describe("a store's fees", () => {
  it("overrides the shop's where set, and charges high demand only when switched on", () => {
    const koramangala = {
      ...NO_OVERRIDES,
      deliveryFeePaise: 2500,
      freeDeliveryFromPaise: null,
      highDemand: true,
      area: "Koramangala",
    };
    const fees = feesAt(DEFAULT_FEES, koramangala, ist("12:00"), TZ);
    const bill = computeBill(items(150), fees);
    expect(bill.deliveryFeePaise).toBe(2500);
    expect(bill.highDemandFeePaise).toBe(1000);
    expect(bill.explain.highDemandFee).toContain("Koramangala");
    expect(computeBill(items(150), feesAt(DEFAULT_FEES, { ...koramangala, highDemand: false }, ist("12:00"), TZ)).highDemandFeePaise).toBe(0);
  });
});

describe("a fee change after the cart was priced", () => {
  it("prices the same items anew: the bill the cart showed and the order's differ, so the order names the new total", () => {
    const shown = computeBill(items(120), defaults);
    const raised = feesAt({ ...DEFAULT_FEES, handlingFeePaise: 600 }, store, ist("12:00"), TZ);
    const atOrder = computeBill(items(120), raised);
    expect(atOrder.grandTotalPaise - shown.grandTotalPaise).toBe(200);
  });
});

describe("the Fees form's amounts", () => {
  it("reads rupees into paise and back", () => {
    expect(paiseOf("4.5")).toBe(450);
    expect(paiseOf("199")).toBe(19900);
    expect(rupeesText(450)).toBe("4.50");
    expect(rupeesText(3000)).toBe("30");
  });
});
