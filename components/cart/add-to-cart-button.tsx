"use client";

import { CartQuantityControl, type CartItemProduct } from "./cart-quantity-control";

/** The add control of cards and the product page: `ADD`, then − quantity + once the product is in the cart. */
export function AddToCartButton({
  product,
  size = "sm",
}: {
  product: CartItemProduct;
  size?: "sm" | "lg";
}) {
  return <CartQuantityControl product={product} size={size} />;
}
