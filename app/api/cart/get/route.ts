import { getCart } from "@/app/api/_rest/cart";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok } from "@/lib/http/respond";

/** The caller's cart lines [{_id, quantity, productId: product}], with the totals beside them. */
export const GET = handle(async (request) => {
  const viewer = await requireUser(request);
  const cart = await getCart(viewer.id);
  return ok("Cart", { data: cart.lines, summary: cart.summary });
});
