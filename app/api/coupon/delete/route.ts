import { requireAdmin } from "@/lib/auth/viewer";
import { deleteCoupon } from "@/lib/coupons";
import { deleteCouponSchema } from "@/lib/coupons/schemas";
import { handle, ok, readJson } from "@/lib/http/respond";

/** DELETE /api/coupon/delete {_id} (admins): carts lose it; placed orders keep its code and discount. */
export const DELETE = handle(async (request) => {
  const admin = await requireAdmin(request);
  const { _id } = await readJson(request, deleteCouponSchema);
  const coupon = await deleteCoupon(admin, _id);
  return ok(`Coupon ${coupon.code} deleted`, { data: { _id: coupon.id, code: coupon.code } });
});
