import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok } from "@/lib/http/respond";
import { demandByPincode } from "@/lib/stores";

export const dynamic = "force-dynamic";

// GET /api/store/demand (admin): the "notify me" requests grouped by pincode, most asked first.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const rows = await demandByPincode();
  return ok("Demand by pincode", {
    data: rows.map((r) => ({
      pincode: r.pincode,
      area: r.area,
      requests: r.requests,
      lastAt: r.lastAt.toISOString(),
    })),
  });
});
