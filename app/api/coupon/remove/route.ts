import { couponCartData, restCouponStoreSchema } from "@/app/api/_rest/coupons";
import { requestStoreId } from "@/app/api/_rest/stores";
import { requireUser } from "@/lib/auth/viewer";
import { removeCoupon } from "@/lib/coupons";
import { handle, ok, readJson } from "@/lib/http/respond";

/** DELETE /api/coupon/remove: the coupon leaves the caller's cart; `data.bill` is the cart's bill without it. */
export const DELETE = handle(async (request) => {
  const viewer = await requireUser(request);
  const body = await readJson(request, restCouponStoreSchema);
  const { removed, cart } = await removeCoupon(viewer.id, await requestStoreId(request, body.storeId));
  return ok(removed ? "Coupon removed" : "There was no coupon on your cart", { data: couponCartData(cart) });
});
