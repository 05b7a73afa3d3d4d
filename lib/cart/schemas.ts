import "@/lib/zod-browser";
import { z } from "zod";

// Request bodies of the cart calls, shared by the REST handlers and the server actions.

/** A required id named `name` in its messages. */
export const cartIdField = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(64, `${name} is not valid`);

export const addToCartBody = z.object({ productId: cartIdField("productId") });

export const cartQty = z
  .number({ error: "qty must be a whole number" })
  .int("qty must be a whole number")
  .min(0, "qty cannot be negative")
  .max(Number.MAX_SAFE_INTEGER, "qty is too large");

export const MAX_GUEST_LINES = 100;

export const guestCartItems = z
  .array(
    z.object({
      productId: cartIdField("productId"),
      quantity: z.number({ error: "quantity must be a whole number" }).int("quantity must be a whole number"),
    }),
    { error: "items must be a list" },
  )
  .max(MAX_GUEST_LINES, `At most ${MAX_GUEST_LINES} items can be merged`);
