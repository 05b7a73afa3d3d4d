import { getCart, restCartEnvelope, restSubstitutionSchema } from "@/app/api/_rest/cart";
import { requestStoreId } from "@/app/api/_rest/stores";
import { requireUser } from "@/lib/auth/viewer";
import { setLineSubstitution } from "@/lib/cart";
import { handle, ok, readJson } from "@/lib/http/respond";

/**
 * Issue 18: what to do with a cart line if the store is out of it at packing. JSON body {_id, substitution:
 * "replace" | "remove" | "call"} (null: the order's default) → the cart as GET /api/cart/get answers it (the call's
 * store: X-Store-Id, storeId, else the default store); someone else's line is 404.
 */
export const PUT = handle(async (request) => {
  const viewer = await requireUser(request);
  const { id, substitution, storeId } = await readJson(request, restSubstitutionSchema);
  await setLineSubstitution(viewer.id, id, substitution);
  const cart = await getCart(viewer.id, await requestStoreId(request, storeId));
  return ok("Substitution preference saved", restCartEnvelope(cart));
});
