import { toRestCoupon } from "@/app/api/_rest/coupons";
import { requireAdmin } from "@/lib/auth/viewer";
import { updateCoupon } from "@/lib/coupons";
import { toCouponFields, updateCouponSchema } from "@/lib/coupons/schemas";
import { handle, ok, readJson } from "@/lib/http/respond";

/** PUT /api/coupon/update {_id, …the fields to change} (admins): `active: false` deactivates it. */
export const PUT = handle(async (request) => {
  const admin = await requireAdmin(request);
  const { _id, ...fields } = await readJson(request, updateCouponSchema);
  const coupon = await updateCoupon(admin, _id, toCouponFields(fields));
  return ok(`Coupon ${coupon.code} updated`, { data: toRestCoupon(coupon) });
});
