import { describe, expect, it } from "vitest";
import { discountedPrice, discountedPricePaise, formatINR, formatPaise, toPaise } from "@/lib/money";

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

  // the amounts are written out (no ICU data in the browser's first render): they must read exactly as Intl's en-IN
  // currency text, or the server's HTML and the browser's first render would disagree
  const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 2 });
  const viaIntl = (rupees: number) => intl.format(rupees).replace(/\.00$/, "");

  it.each([0, 1, 5, 99, 100, 4950, 100000, 123456, 999999, 100000000, 12345678912, 999999999999999, -123450, -1])(
    "%s paise read as Intl does",
    (paise) => {
      expect(formatPaise(paise)).toBe(viaIntl(paise / 100));
    },
  );

  it("puts no minus on nothing (Intl writes -₹0 for minus zero)", () => {
    expect(formatPaise(-0)).toBe("₹0");
  });

  it("reads every amount as Intl does, in paise and in rupees", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 20_000; i++) {
      const paise = Math.floor(random() * 10 ** (1 + Math.floor(random() * 13))) * (random() < 0.1 ? -1 : 1) || 0;
      expect(formatPaise(paise)).toBe(viaIntl(paise / 100));
      expect(formatINR(paise / 100)).toBe(viaIntl(paise / 100));
    }
  });
});
