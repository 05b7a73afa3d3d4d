import { answeringRefusals, couponCartData, restApplyCouponSchema } from "@/app/api/_rest/coupons";
import { requestStoreId } from "@/app/api/_rest/stores";
import { requireUser } from "@/lib/auth/viewer";
import { applyCoupon } from "@/lib/coupons";
import { formatPaise } from "@/lib/money";
import { handle, ok, readJson } from "@/lib/http/respond";

/**
 * POST /api/coupon/apply {code, storeId?}: the coupon goes on the caller's cart (checked against the store: X-Store-Id,
 * storeId, else the default store) and `data.bill` is the cart's bill with it; 400 for an unknown code, 409 naming
 * the rule that failed (`rule`) for any other refusal, with nothing changed.
 */
export const POST = handle(async (request) => {
  const viewer = await requireUser(request);
  const body = await readJson(request, restApplyCouponSchema);
  const storeId = await requestStoreId(request, body.storeId);
  return answeringRefusals(async () => {
    const cart = await applyCoupon(viewer.id, body.code, storeId);
    const { couponCode, couponDiscountPaise } = cart.bill;
    return ok(`${couponCode} applied: you save ${formatPaise(couponDiscountPaise)}`, { data: couponCartData(cart) });
  });
});
