import type { ProductCard } from "@/lib/catalog/types";
import type { CartTotals } from "./rules";

// The cart in its own words: a line has its `id`, its quantity and the product it holds (a catalogue card, prices in
// paise). The REST contract's line ({_id, quantity, productId: product}) is made at the edge (app/api/_rest/cart.ts).
// Client components import these with `import type`.

export type CartLine = { id: string; quantity: number; product: ProductCard };

export type Cart = { lines: CartLine[]; summary: CartTotals };

export type { CartTotals } from "./rules";

/** One line of a guest cart handed over at login. */
export type GuestCartItem = { productId: string; quantity: number };
