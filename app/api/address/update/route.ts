import { updateAddress, updateAddressBody } from "@/lib/addresses";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";

/** _id plus the fields to change; only the owner's active address (anyone else's is 404). */
export const PUT = handle(async (request) => {
  const viewer = await requireUser(request);
  const { _id, ...fields } = await readJson(request, updateAddressBody);
  return ok("Address Updated Successfully", { data: await updateAddress(viewer.id, _id, fields) });
});
