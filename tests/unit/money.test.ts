import { describe, expect, it } from "vitest";
import { discountedPrice, discountedPricePaise, formatINR, toPaise } from "@/lib/money";

describe("discounted price = price − ceil(price × discount / 100)", () => {
  it.each([
    [100, 0, 100],
    [100, 10, 90],
    [99, 10, 89], // 9.9 rounds up to 10
    [45, 7, 41], // 3.15 rounds up to 4
    [30, 33, 20], // 9.9 → 10
    [1, 1, 0], // 0.01 → 1
    [250, 100, 0],
    [49.5, 10, 44.5], // ceil is taken in whole rupees
  ])("₹%s at %s%% → ₹%s", (price, discount, expected) => {
    expect(discountedPrice(price, discount)).toBe(expected);
  });

  it("works on paise without floating-point drift", () => {
    expect(discountedPricePaise(toPaise(0.3), 0)).toBe(30);
    expect(discountedPricePaise(11_990, 15)).toBe(11_990 - 1_800);
  });
});

describe("INR for locale en-IN", () => {
  it("groups in lakhs and drops empty paise", () => {
    expect(formatINR(123456)).toBe("₹1,23,456");
    expect(formatINR(49.5)).toBe("₹49.50");
  });
});
