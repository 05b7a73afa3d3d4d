import { describe, expect, it } from "vitest";
import {
  effectiveChoice,
  lineDropPaise,
  rankSimilar,
  replacementUnitPaise,
  repriceOrder,
  restSubstitutionField,
  substitutionText,
  type SimilarCandidate,
} from "@/lib/orders/substitution-rules";

// Substitutions (issue 18): which product is "similar", what the replacement costs, and how the order's money moves
// when packing replaces or removes a short line.

const c = (productId: string, unitPricePaise: number, extra: Partial<SimilarCandidate> = {}): SimilarCandidate => ({
  productId,
  name: productId,
  unitPricePaise,
  stock: 10,
  sold: 0,
  ...extra,
});
const missing = { productId: "milk", unitPricePaise: 5_000 };

describe("rankSimilar", () => {
  it("keeps products at most 10 % dearer (exactly +10 % is in, a paisa more is out) and any cheaper one", () => {
    const ranked = rankSimilar(missing, 1, [c("at", 5_500), c("over", 5_501), c("cheap", 2_000)]);
    expect(ranked.map((r) => r.productId)).toEqual(["at", "cheap"]);
  });

  it("needs stock for every missing unit, and skips the missing product itself and products already in the order", () => {
    const ranked = rankSimilar(
      missing,
      3,
      [c("two-left", 5_000, { stock: 2 }), c("three-left", 5_000, { stock: 3 }), c("milk", 5_000), c("in-order", 5_000)],
      new Set(["in-order"]),
    );
    expect(ranked.map((r) => r.productId)).toEqual(["three-left"]);
  });

  it("picks the closest price, then the best-seller, then the name — the same choice every time", () => {
    const candidates = [
      c("b-name", 5_200, { name: "Banana milk" }),
      c("a-name", 5_200, { name: "Almond milk" }),
      c("seller", 5_200, { sold: 40, name: "Zebra milk" }),
      c("below", 4_900),
      c("far", 3_000),
    ];
    const ranked = rankSimilar(missing, 1, candidates);
    expect(ranked.map((r) => r.productId)).toEqual(["below", "seller", "a-name", "b-name", "far"]);
    expect(rankSimilar(missing, 1, [...candidates].reverse()).map((r) => r.productId)).toEqual(
      ranked.map((r) => r.productId),
    );
  });

  it("finds nothing when nothing qualifies", () => {
    expect(rankSimilar(missing, 1, [c("over", 9_000), c("none", 5_000, { stock: 0 })])).toEqual([]);
  });
});

describe("what a replacement costs and what the line drops", () => {
  it("never charges more than the unit that was ordered", () => {
    expect(replacementUnitPaise(5_000, 5_400)).toBe(5_000);
    expect(replacementUnitPaise(5_000, 4_200)).toBe(4_200);
  });

  it("drops the missing units' price, less what their replacement is charged", () => {
    expect(lineDropPaise(5_000, 2, null)).toBe(10_000);
    expect(lineDropPaise(5_000, 2, 4_200)).toBe(1_600);
    expect(lineDropPaise(5_000, 1, 5_000)).toBe(0);
  });
});

describe("effectiveChoice", () => {
  it("takes the line's own choice, else the order's default", () => {
    expect(effectiveChoice("REPLACE", "REMOVE", null)).toEqual({ choice: "REPLACE", unanswered: false });
    expect(effectiveChoice(null, "REPLACE", null)).toEqual({ choice: "REPLACE", unanswered: false });
  });

  it("follows what the shopper said on the phone, and removes when they were not reached", () => {
    expect(effectiveChoice("CALL", "REMOVE", "REPLACE")).toEqual({ choice: "REPLACE", unanswered: false });
    expect(effectiveChoice(null, "CALL", "REMOVE")).toEqual({ choice: "REMOVE", unanswered: false });
    expect(effectiveChoice("CALL", "REPLACE", null)).toEqual({ choice: "REMOVE", unanswered: true });
  });
});

describe("repriceOrder", () => {
  const fees = 3_000 + 400; // delivery ₹30 + handling ₹4, as placed

  it("drops the removed units from the items and the total; fees and tip stay as placed", () => {
    // placed: 3 × ₹50 + 1 × ₹20 = ₹170 items, + ₹34 fees + ₹10 tip = ₹214; one ₹50 unit is removed
    const r = repriceOrder({
      lines: [
        { pricePaise: 6_000, unitPricePaise: 5_000, units: 2 },
        { pricePaise: 2_000, unitPricePaise: 2_000, units: 1 },
      ],
      feesPaise: fees,
      couponDiscountPaise: 0,
      tipPaise: 1_000,
      totalPaise: 21_400,
    });
    expect(r).toEqual({
      mrpTotalPaise: 14_000,
      itemsTotalPaise: 12_000,
      itemCount: 3,
      couponDiscountPaise: 0,
      totalPaise: 16_400,
      dropPaise: 5_000,
    });
  });

  it("keeps the coupon's discount, capped at the items left, so the shopper is never charged more", () => {
    const r = repriceOrder({
      lines: [{ pricePaise: 3_000, unitPricePaise: 3_000, units: 1 }],
      feesPaise: fees,
      couponDiscountPaise: 5_000,
      tipPaise: 0,
      // placed: ₹230 of items − ₹50 coupon + ₹34 fees
      totalPaise: 21_400,
    });
    expect(r.couponDiscountPaise).toBe(3_000);
    expect(r.totalPaise).toBe(fees);
    expect(r.dropPaise).toBe(21_400 - fees);
  });

  it("never raises the total: a replacement at the same price changes nothing", () => {
    const r = repriceOrder({
      lines: [
        { pricePaise: 5_000, unitPricePaise: 5_000, units: 1 },
        { pricePaise: 5_500, unitPricePaise: 5_000, units: 1 },
      ],
      feesPaise: 0,
      couponDiscountPaise: 0,
      tipPaise: 0,
      totalPaise: 10_000,
    });
    expect(r).toMatchObject({ itemsTotalPaise: 10_000, totalPaise: 10_000, dropPaise: 0, mrpTotalPaise: 10_500 });
  });
});

describe("what the shopper reads", () => {
  it("says what replaced a line and what a removal gave back or did not charge", () => {
    const replaced = { outcome: "REPLACED" as const, missing: 2, replacementName: "Amul Taaza", dropPaise: 0 };
    expect(substitutionText(replaced, 2, true)).toBe("Replaced with Amul Taaza");
    expect(substitutionText({ ...replaced, dropPaise: 400 }, 3, false)).toBe("2 of 3 replaced with Amul Taaza, ₹4 not charged");
    const removed = { outcome: "REMOVED" as const, missing: 1, replacementName: null, dropPaise: 4_500 };
    expect(substitutionText(removed, 1, true)).toBe("Removed — out of stock, ₹45 refunded");
    expect(substitutionText(removed, 1, false)).toBe("Removed — out of stock, ₹45 not charged");
    expect(substitutionText({ ...removed, outcome: "REMOVED_NO_ANSWER" }, 2, false)).toBe(
      "1 of 2 removed — out of stock, we could not reach you by phone, ₹45 not charged",
    );
    expect(substitutionText({ ...removed, outcome: "REMOVED_NO_MATCH" }, 1, true)).toMatch(/nothing similar in stock/);
  });

  it("reads the REST words and refuses others", () => {
    expect(restSubstitutionField.parse("replace")).toBe("REPLACE");
    expect(restSubstitutionField.safeParse("swap").success).toBe(false);
  });
});
