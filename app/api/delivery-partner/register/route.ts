import { clientIp } from "@/lib/auth/client-ip";
import { handle, ok, readJson } from "@/lib/http/respond";
import { registerPartner, registerPartnerBody } from "@/lib/partners/register-partner";
import { consume } from "@/lib/rate-limit";
import { LIMITS } from "@/lib/rate-limit/limits";

export const POST = handle(async (request) => {
  const input = await readJson(request, registerPartnerBody);
  // Public and unauthenticated: cap well-formed applications per address so nobody floods the partner list
  // (a rejected body stores nothing, so it does not count).
  await consume(`partner-apply:ip:${clientIp(request.headers)}`, LIMITS.partnerApplicationsPerIp);
  const data = await registerPartner(input);
  return ok("Thank you for registering! We will contact you soon.", { data }, 201);
});
