import { describe, expect, it } from "vitest";
import {
  isShortLine,
  withQuantity,
  withStoreStock,
  withTotals,
  type ClientCartLine,
} from "@/components/cart/cart-model";
import { lineNotice } from "@/components/cart/line-notice";
import { shortLineNotice, shortLinesReason } from "@/lib/cart/notices";
import { isShort, summarizeCart } from "@/lib/cart/rules";

// Issue 16, "Changing location re-checks the cart": a line the shopper's store cannot supply in full is flagged,
// says what to do, stays out of the bill and holds checkout back. The same rules in the server's cart and the
// browser's (a guest's cart is re-checked there with the store's stock).

const product = (id: string, stock: number, pricePaise = 10_000, discount = 0) => ({
  id,
  name: `Product ${id}`,
  stock,
  pricePaise,
  discount,
  image: "",
  unit: "1 pc",
});
const line = (id: string, quantity: number, stock: number, pricePaise?: number): ClientCartLine => ({
  lineId: null,
  productId: id,
  quantity,
  product: product(id, stock, pricePaise),
});
const KORAMANGALA = { id: "koramangala", name: "Kwikmart Koramangala", area: "Koramangala" };

describe("short lines", () => {
  it("are the lines above min(the store's stock, 10)", () => {
    expect(isShort(1, 0)).toBe(true);
    expect(isShort(3, 2)).toBe(true);
    expect(isShort(2, 2)).toBe(false);
    expect(isShort(10, 50)).toBe(false);
  });

  it("say what is wrong at which store and what to do", () => {
    expect(shortLineNotice(1, 0, "Koramangala")).toBe("Out of stock at Koramangala — remove it to continue");
    expect(shortLineNotice(3, 2, "Koramangala")).toBe("Only 2 left at Koramangala — reduce to 2 to continue");
    expect(shortLineNotice(2, 2, "Koramangala")).toBeNull();
    expect(lineNotice(line("a", 5, 1), KORAMANGALA)).toBe(
      "Only 1 left at Koramangala — reduce to 1 to continue",
    );
    expect(lineNotice(line("a", 5, 0), null)).toBe("Out of stock at this store — remove it to continue");
  });

  it("hold checkout back with a reason until none is left", () => {
    expect(shortLinesReason(0)).toBeNull();
    expect(shortLinesReason(1)).toBe(
      "1 item in your cart is not available in that quantity here. Remove or reduce it to check out.",
    );
    expect(shortLinesReason(3)).toMatch(/^3 items .* Remove or reduce them to check out\.$/);
  });
});

describe("totals", () => {
  it("bill only what the store can supply, and count every unit in the cart", () => {
    const totals = summarizeCart([
      { quantity: 2, product: { pricePaise: 10_000, discount: 0, stock: 5 } },
      { quantity: 3, product: { pricePaise: 5_000, discount: 0, stock: 2 } },
      { quantity: 1, product: { pricePaise: 7_000, discount: 0, stock: 0 } },
    ]);
    expect(totals).toEqual({ count: 6, itemsTotalPaise: 20_000, totalPaise: 20_000, savingsPaise: 0 });
  });

  it("follow the browser's cart as the shopper reduces a flagged line", () => {
    const cart = withTotals(false, [line("a", 3, 2, 5_000), line("b", 1, 4, 10_000)], KORAMANGALA);
    expect(cart.shortLines).toBe(1);
    expect(cart.totals.totalPaise).toBe(10_000);
    expect(isShortLine(cart.lines[0]!)).toBe(true);
    const reduced = withQuantity(cart, cart.lines[0]!.product, 2);
    expect(reduced.shortLines).toBe(0);
    expect(reduced.totals.totalPaise).toBe(20_000);
    expect(reduced.store).toBe(KORAMANGALA);
  });

  it("re-check a guest's lines with the new store's stock (0 for a product it does not sell)", () => {
    const lines = withStoreStock([line("a", 2, 9), line("b", 1, 9)], { a: 1 });
    expect(lines.map((l) => l.product.stock)).toEqual([1, 0]);
    expect(withTotals(false, lines, KORAMANGALA).shortLines).toBe(2);
  });
});
