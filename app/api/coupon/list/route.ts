import { toRestCoupon } from "@/app/api/_rest/coupons";
import { requireAdmin } from "@/lib/auth/viewer";
import { listCoupons } from "@/lib/coupons";
import { handle, ok } from "@/lib/http/respond";

/** GET /api/coupon/list (admins): every coupon, newest first, with its uses so far. */
export const GET = handle(async (request) => {
  await requireAdmin(request);
  return ok("Coupons", { data: (await listCoupons()).map(toRestCoupon) });
});
