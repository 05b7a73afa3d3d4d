import { requireUser } from "@/lib/auth/viewer";
import { deleteLineBody, removeCartLine } from "@/lib/cart";
import { handle, ok, readJson } from "@/lib/http/respond";

/** Removes one of the caller's lines (JSON body {_id}); someone else's line is 404. */
export const DELETE = handle(async (request) => {
  const viewer = await requireUser(request);
  const { _id } = await readJson(request, deleteLineBody);
  await removeCartLine(viewer.id, _id);
  return ok("Item removed from cart");
});
