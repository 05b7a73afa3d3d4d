import { restDisableAddressSchema } from "@/app/api/_rest/addresses";
import { disableAddress } from "@/lib/addresses";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";

/** Soft removal: status false; the address disappears from every list. */
export const DELETE = handle(async (request) => {
  const viewer = await requireUser(request);
  const { id } = await readJson(request, restDisableAddressSchema);
  await disableAddress(viewer.id, id);
  return ok("Address Remove");
});
