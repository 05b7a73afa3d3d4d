import type { ProductCard } from "@/lib/catalog/types";
import type { AppliedFees, Bill } from "@/lib/bill/compute";
import type { CartCouponState } from "@/lib/coupons/terms";
import type { CartTotals } from "./rules";
import type { SubstitutionValue } from "@/lib/orders/substitution-rules";

// The cart in its own words: a line has its `id`, its quantity and the product it holds (a catalogue card, prices in
// paise). The REST contract's line ({_id, quantity, productId: product}) is made at the edge (app/api/_rest/cart.ts).
// Client components import these with `import type`.

/**
 * A line of a cart checked against a store: `product.stock` is that store's, `available` the most this line can hold
 * there (min(stock, 10)) and `short` whether the store cannot supply it in full (quantity > available): such a line
 * is kept out of the totals and blocks checkout until it is removed or reduced (issue 16).
 */
export type CartLine = {
  id: string;
  quantity: number;
  product: ProductCard;
  available: number;
  short: boolean;
  /** if the store is out of it at packing (issue 18): the shopper's choice; null: the order's default */
  substitution: SubstitutionValue | null;
};

/** The store a cart was checked against; `area` is what shoppers call it ("Koramangala"). */
export type CartStore = { id: string; name: string; area: string };

/** The store with its fees now (issue 18), as a cart carries it: the browser prices its bill with them. */
export type PricedStore = CartStore & { fees: AppliedFees };

/**
 * `summary`: the totals of the lines the store can supply (its `count` counts every unit); `shortLines`: flagged;
 * `bill`: what those lines cost with the store's fees now (issue 18); `store.fees`: those fees, so the browser can
 * re-run the same bill (lib/bill/compute.ts) on an optimistic change and say how far the next saving is.
 * `coupon`: the coupon the shopper applied (issue 18), with its terms while it is valid for them at this store.
 */
export type Cart = {
  lines: CartLine[];
  summary: CartTotals;
  store: PricedStore;
  shortLines: number;
  bill: Bill;
  coupon: CartCouponState | null;
};

export type { CartTotals } from "./rules";

/** One line of a guest cart handed over at login. */
export type GuestCartItem = { productId: string; quantity: number };
