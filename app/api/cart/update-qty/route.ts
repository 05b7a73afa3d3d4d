import { restUpdateQtySchema, toRestCartLine } from "@/app/api/_rest/cart";
import { requireUser } from "@/lib/auth/viewer";
import { updateCartQty } from "@/lib/cart";
import { handle, ok, readJson } from "@/lib/http/respond";

/** Sets a line's quantity: 1 … min(stock, 10); 0 removes the line; above → 409 naming the limit. */
export const PUT = handle(async (request) => {
  const viewer = await requireUser(request);
  const { id, qty } = await readJson(request, restUpdateQtySchema);
  const line = await updateCartQty(viewer.id, id, qty);
  return line ? ok("Quantity updated", { data: toRestCartLine(line) }) : ok("Item removed from cart", { data: null });
});
