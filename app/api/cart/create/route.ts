import { addToCart, restAddToCartSchema } from "@/app/api/_rest/cart";
import { requestStoreId } from "@/app/api/_rest/stores";
import { requireUser } from "@/lib/auth/viewer";
import { namedStore } from "@/lib/cart/store";
import { handle, ok, readJson } from "@/lib/http/respond";
import { assertCanSell } from "@/lib/stores/current";

/**
 * Adds one unit from the store's stock (X-Store-Id, storeId, else the default store): 201 with the new line, 200
 * with the incremented one; 404 unknown product, 409 out of stock there, at the cap, or the store paused or closed.
 */
export const POST = handle(async (request) => {
  const viewer = await requireUser(request);
  const { productId, storeId } = await readJson(request, restAddToCartSchema);
  const store = await requestStoreId(request, storeId);
  await assertCanSell(namedStore(store));
  const { line, created } = await addToCart(viewer.id, productId, store);
  return ok(created ? "Item added to cart" : "Quantity updated", { data: line }, created ? 201 : 200);
});
