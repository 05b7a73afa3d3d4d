import type { ProductCard } from "@/lib/catalog/types";
import type { CartTotals } from "./rules";

// The cart's read shapes in the REST contract's vocabulary (spec §3 Cart item: _id, quantity, productId as the
// populated product). Client components import these with `import type`.

export type CartProduct = ProductCard;

export type CartLine = {
  _id: string;
  quantity: number;
  /** the populated product, in the catalogue's API shape (price in rupees) */
  productId: CartProduct;
};

export type Cart = { lines: CartLine[]; summary: CartTotals };

export type { CartTotals } from "./rules";

/** One line of a guest cart handed over at login. */
export type GuestCartItem = { productId: string; quantity: number };
