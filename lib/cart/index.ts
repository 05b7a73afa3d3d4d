import "server-only";

// The cart: one function per business action (DESIGN.md rule 1); server actions, /api/cart/* and tests call these.
export {
  getCart,
  addToCart,
  addToCartReturningCart,
  cartStore,
  updateCartQty,
  removeCartLine,
  findCartLineId,
  setProductQty,
  mergeGuestCart,
  stockOfProducts,
  setLineSubstitution,
  type AddToCartResult,
  type SellRefusal,
} from "./cart";
export * from "./rules";
export * from "./schemas";
export type { Cart, CartLine, CartStore, GuestCartItem } from "./types";
