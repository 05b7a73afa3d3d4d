import { restUpdateAddressSchema, toRestAddress } from "@/app/api/_rest/addresses";
import { updateAddress } from "@/lib/addresses";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";

/** _id plus the fields to change; only the owner's active address (anyone else's is 404). */
export const PUT = handle(async (request) => {
  const viewer = await requireUser(request);
  const { id, fields } = await readJson(request, restUpdateAddressSchema);
  return ok("Address Updated Successfully", { data: toRestAddress(await updateAddress(viewer.id, id, fields)) });
});
