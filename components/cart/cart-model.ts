import type { Cart } from "@/lib/cart/types";
import type { ProductCard } from "@/lib/catalog/types";
import { isShort, lineCap, summarizeCart, type CartTotals } from "@/lib/cart/rules";
import type { AppliedFees } from "@/lib/bill/compute";
import type { CartCouponState } from "@/lib/coupons/terms";
import type { SubstitutionValue } from "@/lib/orders/substitution-rules";

// The browser's view of a cart, the same for a signed-in shopper (the server's cart) and a guest (the cart kept
// in localStorage), so the controls, drawer and page never care which it is.

/** What a product card or the product page hands to the cart (the same shape as the ADD seam's input). */
export type CartItemProduct = {
  id: string;
  name: string;
  stock: number;
  /** undiscounted price, in paise (display only: the server re-prices everything) */
  pricePaise: number;
  discount: number;
  image: string;
  unit: string;
};

/** A catalogue card (or full product) as the cart holds it: what the ADD control and the cart lines show. */
export const cartItemOf = (product: ProductCard): CartItemProduct => ({
  id: product.id,
  name: product.name,
  stock: product.stock,
  pricePaise: product.pricePaise,
  discount: product.discount,
  image: product.images[0] ?? "",
  unit: product.unit,
});

export type ClientCartLine = {
  /** the server's line id; null for guest lines and for a line still being added */
  lineId: string | null;
  productId: string;
  quantity: number;
  product: CartItemProduct;
  /** a signed-in line's choice if the store is out of it at packing (issue 18); null/absent: the order's default */
  substitution?: SubstitutionValue | null;
};

/**
 * The store the cart was checked against (issue 16): lines name its area when it cannot supply them. `fees`: its
 * fees now, as the server sent them (issue 18); the screens that show the bill price it with the server's own
 * function (./cart-bill.ts), so this state, on every page, carries no bill code.
 */
export type ClientCartStore = { id: string; name: string; area: string; fees?: AppliedFees };

/**
 * `totals` leave out the lines the store cannot supply in full (their money; `count` counts every unit) and
 * `shortLines` counts those lines: checkout waits until they are removed or reduced.
 */
export type ClientCart = {
  signedIn: boolean;
  lines: ClientCartLine[];
  totals: CartTotals;
  store: ClientCartStore | null;
  shortLines: number;
  /** the coupon on a signed-in shopper's cart (issue 18), with its terms while it is valid for them */
  coupon?: CartCouponState | null;
};

export const EMPTY_TOTALS: CartTotals = { count: 0, itemsTotalPaise: 0, totalPaise: 0, savingsPaise: 0 };

/** Whether the store cannot supply this line in full (its product's stock is the store's). */
export const isShortLine = (line: Pick<ClientCartLine, "quantity" | "product">): boolean =>
  isShort(line.quantity, line.product.stock);

export function withTotals(
  signedIn: boolean,
  lines: ClientCartLine[],
  store: ClientCartStore | null = null,
): ClientCart {
  return {
    signedIn,
    lines,
    totals: summarizeCart(lines),
    store,
    shortLines: lines.filter(isShortLine).length,
  };
}

/** The server's cart as the browser's view; the server's totals are kept as they are. */
export function fromServerCart(cart: Cart): ClientCart {
  return {
    signedIn: true,
    lines: cart.lines.map(({ id, quantity, product, substitution }) => ({
      lineId: id,
      productId: product.id,
      quantity,
      product: cartItemOf(product),
      substitution,
    })),
    totals: cart.summary,
    store: cart.store,
    shortLines: cart.shortLines,
    coupon: cart.coupon,
  };
}

/** Guest lines with the store's current stock of each product (0 for one it no longer sells). */
export const withStoreStock = (lines: ClientCartLine[], stock: Record<string, number>): ClientCartLine[] =>
  lines.map((l) => ({ ...l, product: { ...l.product, stock: stock[l.productId] ?? 0 } }));

/** The cart with one product's quantity set (0 removes the line; a new line goes at the end). */
export function withQuantity(cart: ClientCart, product: CartItemProduct, quantity: number): ClientCart {
  const index = cart.lines.findIndex((l) => l.productId === product.id);
  const lines = [...cart.lines];
  if (quantity <= 0) {
    if (index >= 0) lines.splice(index, 1);
  } else if (index >= 0) {
    const current = lines[index]!;
    lines[index] = { ...current, quantity };
  } else {
    lines.push({ lineId: null, productId: product.id, quantity, product });
  }
  return { ...withTotals(cart.signedIn, lines, cart.store), coupon: cart.coupon };
}

export const quantityIn = (cart: ClientCart | undefined, productId: string): number =>
  cart?.lines.find((l) => l.productId === productId)?.quantity ?? 0;

/** The most units of this product one line may hold, from what the browser knows of its stock. */
export const capOf = (product: Pick<CartItemProduct, "stock">): number => lineCap(product.stock);
