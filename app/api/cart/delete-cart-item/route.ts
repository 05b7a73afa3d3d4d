import { restDeleteLineSchema } from "@/app/api/_rest/cart";
import { requireUser } from "@/lib/auth/viewer";
import { removeCartLine } from "@/lib/cart";
import { handle, ok, readJson } from "@/lib/http/respond";

/** Removes one of the caller's lines (JSON body {_id}); someone else's line is 404. */
export const DELETE = handle(async (request) => {
  const viewer = await requireUser(request);
  const { id } = await readJson(request, restDeleteLineSchema);
  await removeCartLine(viewer.id, id);
  return ok("Item removed from cart");
});
