import { handle, ok, readJson } from "@/lib/http/respond";
import { registerPartner, registerPartnerBody } from "@/lib/partners/register-partner";

export const POST = handle(async (request) => {
  const input = await readJson(request, registerPartnerBody);
  const data = await registerPartner(input);
  return ok("Thank you for registering! We will contact you soon.", { data }, 201);
});
