import { toRestCoupon } from "@/app/api/_rest/coupons";
import { requireAdmin } from "@/lib/auth/viewer";
import { createCoupon } from "@/lib/coupons";
import { createCouponSchema, toCouponFields } from "@/lib/coupons/schemas";
import { handle, ok, readJson } from "@/lib/http/respond";

/** POST /api/coupon/create (admins): 201 with the coupon; 409 when its code exists (codes are case-insensitive). */
export const POST = handle(async (request) => {
  const admin = await requireAdmin(request);
  const body = await readJson(request, createCouponSchema);
  const coupon = await createCoupon(admin, { ...toCouponFields(body), code: body.code, kind: body.type });
  return ok(`Coupon ${coupon.code} created`, { data: toRestCoupon(coupon) }, 201);
});
