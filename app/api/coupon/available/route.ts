import { couponCartData, restCouponStoreSchema, toRestOffer } from "@/app/api/_rest/coupons";
import { requestStoreId } from "@/app/api/_rest/stores";
import { requireUser } from "@/lib/auth/viewer";
import { availableCoupons } from "@/lib/coupons";
import { validate } from "@/lib/http/parse";
import { handle, ok } from "@/lib/http/respond";

/**
 * GET /api/coupon/available (?storeId=): the offers for the caller's cart at the store. `data`: the coupons they
 * qualify for (`qualifies`, the `discount` now), largest first, then the nearest ones they do not yet qualify for
 * (`missing` rupees, `message` "Add ₹50 more to use SAVE10"); beside it the cart's `bill` and `coupon`.
 */
export const GET = handle(async (request) => {
  const viewer = await requireUser(request);
  const { storeId } = validate(restCouponStoreSchema, {
    storeId: new URL(request.url).searchParams.get("storeId") ?? undefined,
  });
  const { offers, cart } = await availableCoupons(viewer.id, await requestStoreId(request, storeId));
  const restOffers = offers.map(toRestOffer);
  return ok("Available coupons", {
    data: restOffers,
    available: restOffers.filter((o) => o.qualifies),
    nearest: restOffers.filter((o) => !o.qualifies),
    ...couponCartData(cart),
  });
});
