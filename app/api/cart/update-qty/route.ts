import { requireUser } from "@/lib/auth/viewer";
import { updateCartQty, updateQtyBody } from "@/lib/cart";
import { handle, ok, readJson } from "@/lib/http/respond";

/** Sets a line's quantity: 1 … min(stock, 10); 0 removes the line; above → 409 naming the limit. */
export const PUT = handle(async (request) => {
  const viewer = await requireUser(request);
  const { _id, qty } = await readJson(request, updateQtyBody);
  const line = await updateCartQty(viewer.id, _id, qty);
  return line ? ok("Quantity updated", { data: line }) : ok("Item removed from cart", { data: null });
});
