import { toRestPartner } from "@/app/api/_rest/partners";
import { clientIp } from "@/lib/auth/client-ip";
import { handle, ok, readJson } from "@/lib/http/respond";
import { registerPartner } from "@/lib/partners/register-partner";
import { partnerApplicationSchema } from "@/lib/partners/schema";

export const POST = handle(async (request) => {
  // the schema's messages stand alone ("Name and phone are required"), as the dialog shows them
  const input = await readJson(request, partnerApplicationSchema, "standalone");
  // limited per address inside registerPartner (applications, and "phone taken" answers)
  const data = toRestPartner(await registerPartner(input, { ip: clientIp(request.headers) }));
  return ok("Thank you for registering! We will contact you soon.", { data }, 201);
});
