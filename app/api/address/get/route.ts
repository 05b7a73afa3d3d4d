import { toRestAddress } from "@/app/api/_rest/addresses";
import { listAddresses } from "@/lib/addresses";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok } from "@/lib/http/respond";

/** The caller's active addresses, newest first. */
export const GET = handle(async (request) => {
  const viewer = await requireUser(request);
  return ok("Addresses", { data: (await listAddresses(viewer.id)).map(toRestAddress) });
});
