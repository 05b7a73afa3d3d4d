import { toRestAddress } from "@/app/api/_rest/addresses";
import { createAddress, createAddressBody } from "@/lib/addresses";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok, readJson } from "@/lib/http/respond";

/** address_line, city, state, pincode, country, mobile (all required; mobile normalised to 10 digits). */
export const POST = handle(async (request) => {
  const viewer = await requireUser(request);
  const fields = await readJson(request, createAddressBody);
  return ok("Address Created Successfully", { data: toRestAddress(await createAddress(viewer.id, fields)) }, 201);
});
