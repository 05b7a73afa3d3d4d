import "server-only";

// Coupons (issue 18): the rules (rules.ts, pure: the bill and the browser use them too), the admin's coupons
// (admin.ts), the shopper's apply / remove / offers (shopper.ts) and the uses an order takes and gives back (store.ts).
export * from "./rules";
export { createCoupon, deleteCoupon, listCoupons, updateCoupon, type AdminCoupon } from "./admin";
export { applyCoupon, availableCoupons, removeCoupon, CouponRefused, NEAREST_OFFERS } from "./shopper";
export {
  cartCouponOf,
  claimCouponInTx,
  dropCartCoupon,
  dropOrderedCouponInTx,
  recordCouponUse,
  releaseCouponInTx,
} from "./store";
