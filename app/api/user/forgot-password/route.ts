import { z } from "zod";
import { requestPasswordReset } from "@/lib/accounts";
import { clientIp } from "@/lib/auth/client-ip";
import { handle, ok, readJson } from "@/lib/http/respond";

/** Same answer whether or not the account exists. */
export const PUT = handle(async (request) => {
  const body = await readJson(request, z.unknown());
  return ok(await requestPasswordReset(body, { ip: clientIp(request.headers) }));
});
