import { addToCart } from "@/app/api/_rest/cart";
import { requireUser } from "@/lib/auth/viewer";
import { addToCartBody } from "@/lib/cart";
import { handle, ok, readJson } from "@/lib/http/respond";

/** Adds one unit: 201 with the new line, 200 with the incremented one; 404 unknown product, 409 out of stock or at the cap. */
export const POST = handle(async (request) => {
  const viewer = await requireUser(request);
  const { productId } = await readJson(request, addToCartBody);
  const { line, created } = await addToCart(viewer.id, productId);
  return ok(created ? "Item added to cart" : "Quantity updated", { data: line }, created ? 201 : 200);
});
