import type { CartItemProduct, ClientCartLine } from "./cart-model";

// A guest's cart lives in localStorage (key `kwikmart-guest-cart`) with a snapshot of each product for display;
// the server re-prices and clamps it when it is merged into the account cart at login.

export const GUEST_CART_KEY = "kwikmart-guest-cart";
const MAX_LINES = 100;

type Stored = { version: 1; lines: { productId: string; quantity: number; product: CartItemProduct }[] };

const isProduct = (p: unknown): p is CartItemProduct => {
  const o = p as Record<string, unknown> | null;
  return (
    !!o &&
    typeof o.id === "string" &&
    typeof o.name === "string" &&
    typeof o.stock === "number" &&
    typeof o.pricePaise === "number" &&
    typeof o.discount === "number" &&
    typeof o.image === "string" &&
    typeof o.unit === "string"
  );
};

/** The guest cart's lines; [] when there is none, it cannot be read, or outside a browser. */
export function readGuestCart(): ClientCartLine[] {
  if (typeof window === "undefined") return [];
  try {
    const raw = window.localStorage.getItem(GUEST_CART_KEY);
    if (!raw) return [];
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (!Array.isArray(stored.lines)) return [];
    return stored.lines
      .filter(
        (l) =>
          !!l &&
          typeof l.productId === "string" &&
          Number.isInteger(l.quantity) &&
          l.quantity > 0 &&
          isProduct(l.product),
      )
      .slice(0, MAX_LINES)
      .map((l) => ({ lineId: null, productId: l.productId, quantity: l.quantity, product: l.product }));
  } catch {
    return [];
  }
}

export function writeGuestCart(lines: readonly ClientCartLine[]): void {
  const stored: Stored = {
    version: 1,
    lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, product: l.product })),
  };
  try {
    if (stored.lines.length === 0) window.localStorage.removeItem(GUEST_CART_KEY);
    else window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify(stored));
  } catch {
    throw new Error("Your browser did not let us save the cart. Check that site storage is allowed.");
  }
}

export function clearGuestCart(): void {
  try {
    window.localStorage.removeItem(GUEST_CART_KEY);
  } catch {
    // nothing to clear
  }
}
