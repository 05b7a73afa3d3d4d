import { toRestPartner } from "@/app/api/_rest/partners";
import { clientIp } from "@/lib/auth/client-ip";
import { handle, ok, readJson } from "@/lib/http/respond";
import { registerPartner, registerPartnerBody } from "@/lib/partners/register-partner";

export const POST = handle(async (request) => {
  const input = await readJson(request, registerPartnerBody);
  // limited per address inside registerPartner (applications, and "phone taken" answers)
  const data = toRestPartner(await registerPartner(input, { ip: clientIp(request.headers) }));
  return ok("Thank you for registering! We will contact you soon.", { data }, 201);
});
