import { disableAddress, disableAddressBody } from "@/lib/addresses";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";

/** Soft removal: status false; the address disappears from every list. */
export const DELETE = handle(async (request) => {
  const viewer = await requireUser(request);
  const { _id } = await readJson(request, disableAddressBody);
  await disableAddress(viewer.id, _id);
  return ok("Address Remove");
});
