import { computeBill, type AppliedFees, type Bill, type BillExtras } from "@/lib/bill/compute";
import type { ClientCart } from "./cart-model";

// The bill of the browser's cart (issue 18): the server's own function (lib/bill/compute.ts) on the totals and the
// fees the server sent with the cart's store, so a guest's cart and an optimistic change show what the server will charge. Only the
// screens that show a bill (the drawer, /cart, checkout) load it.

/** Fees not known yet (before the server answered): the bill shows the items only. */
const NO_FEES: AppliedFees = {
  deliveryFeePaise: 0,
  freeDeliveryFromPaise: 0,
  handlingFeePaise: 0,
  smallCartFeePaise: 0,
  smallCartBelowPaise: 0,
  lateNightFeePaise: 0,
  highDemandFeePaise: 0,
  notes: {},
};

/**
 * The cart's bill, with its coupon's discount while the server found the coupon valid for the shopper; checkout
 * passes the tip the shopper chose.
 */
export const billOf = (cart: Pick<ClientCart, "totals" | "store" | "coupon">, extras: BillExtras = {}): Bill =>
  computeBill(
    { itemsMrpPaise: cart.totals.itemsTotalPaise, itemsTotalPaise: cart.totals.totalPaise },
    cart.store?.fees ?? NO_FEES,
    cart.coupon?.terms ?? null,
    extras,
  );
