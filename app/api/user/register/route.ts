import { z } from "zod";
import { toRestRegistered } from "@/app/api/_rest/accounts";
import { registerUser } from "@/lib/accounts";
import { clientIp } from "@/lib/auth/client-ip";
import { handle, ok, readJson } from "@/lib/http/respond";

export const POST = handle(async (request) => {
  const body = await readJson(request, z.unknown());
  const user = await registerUser(body, { ip: clientIp(request.headers) });
  return ok(
    "User registered successfully. We have sent you a link to confirm your e-mail.",
    { data: toRestRegistered(user) },
    201,
  );
});
