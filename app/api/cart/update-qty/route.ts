import { restUpdateQtySchema, toRestCartLine } from "@/app/api/_rest/cart";
import { requestStoreId } from "@/app/api/_rest/stores";
import { requireUser } from "@/lib/auth/viewer";
import { cartStore, updateCartQty } from "@/lib/cart";
import { namedStore, sellRefusal } from "@/lib/cart/store";
import { handle, ok, readJson } from "@/lib/http/respond";

/**
 * Sets a line's quantity against the store's stock (X-Store-Id, storeId, else the default store): 1 … min(stock,
 * 10), or lower than it is; 0 removes the line; above → 409 naming the limit; raising at a paused or closed store →
 * 409 with the reason.
 */
export const PUT = handle(async (request) => {
  const viewer = await requireUser(request);
  const { id, qty, storeId } = await readJson(request, restUpdateQtySchema);
  const store = await requestStoreId(request, storeId);
  const refusal = qty > 0 ? await sellRefusal(namedStore(store)) : null;
  const line = await updateCartQty(viewer.id, id, qty, store, refusal);
  if (!line) return ok("Item removed from cart", { data: null });
  return ok("Quantity updated", { data: toRestCartLine(line, await cartStore(store)) });
});
