import { getCart, restCartEnvelope } from "@/app/api/_rest/cart";
import { requestStoreId } from "@/app/api/_rest/stores";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok } from "@/lib/http/respond";

/**
 * The caller's cart lines [{_id, quantity, productId: product, available, short, notice}] checked against the store
 * (X-Store-Id or ?storeId=, else the default store), with the totals of the lines it can supply, the store and
 * whether checkout can go ahead beside them, and the `bill` of those lines with the store's fees now (rupees) and
 * the cart's `coupon` ({code, applied, discount, message}, or null: issue 18).
 */
export const GET = handle(async (request) => {
  const viewer = await requireUser(request);
  const cart = await getCart(viewer.id, await requestStoreId(request));
  return ok("Cart", restCartEnvelope(cart));
});
