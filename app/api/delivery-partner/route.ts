import { toRestPartner } from "@/app/api/_rest/partners";
import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok } from "@/lib/http/respond";
import { listPartners } from "@/lib/partners/admin";

export const dynamic = "force-dynamic";

export const GET = handle(async (request) => {
  await requireAdmin(request);
  const partners = (await listPartners()).map(toRestPartner);
  return ok("Delivery partners", { count: partners.length, partners });
});
