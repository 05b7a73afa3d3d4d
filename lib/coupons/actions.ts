"use server";

import { adminAction, input, userAction } from "@/lib/actions/clients";
import { formatPaise } from "@/lib/money";
import { shopperStore } from "@/lib/stores/current";
import { createCoupon, deleteCoupon, updateCoupon } from "./admin";
import { createCouponSchema, deleteCouponSchema, toCouponFields, updateCouponSchema, applyCouponSchema } from "./schemas";
import { applyCoupon, availableCoupons, removeCoupon } from "./shopper";
import { z } from "zod";

// Coupons (issue 18) from the shop's own screens: the admin's Coupons screen, and the shopper's coupon field and
// offers in the cart and at checkout (the shopper's store is their location's, lib/stores/current.ts). The same
// domain functions and input schemas as the /api/coupon calls.

export const createCouponAction = adminAction
  .inputSchema(input(createCouponSchema))
  .action(async ({ parsedInput, ctx }) => {
    const { code, type } = parsedInput;
    const coupon = await createCoupon(ctx.viewer, { ...toCouponFields(parsedInput), code, kind: type });
    return { message: `Coupon ${coupon.code} created`, data: { id: coupon.id } };
  });

export const updateCouponAction = adminAction
  .inputSchema(input(updateCouponSchema))
  .action(async ({ parsedInput, ctx }) => {
    const { _id, ...fields } = parsedInput;
    const coupon = await updateCoupon(ctx.viewer, _id, toCouponFields(fields));
    const named = Object.keys(fields);
    const message =
      named.length === 1 && named[0] === "active"
        ? `${coupon.code} ${coupon.active ? "activated" : "deactivated"}`
        : `Coupon ${coupon.code} saved`;
    return { message, data: { id: coupon.id } };
  });

export const deleteCouponAction = adminAction
  .inputSchema(input(deleteCouponSchema))
  .action(async ({ parsedInput, ctx }) => {
    const coupon = await deleteCoupon(ctx.viewer, parsedInput._id);
    return { message: `Coupon ${coupon.code} deleted`, data: { id: coupon.id } };
  });

export const applyCouponAction = userAction
  .inputSchema(input(applyCouponSchema))
  .action(async ({ parsedInput, ctx }) => {
    const { storeId } = await shopperStore();
    const cart = await applyCoupon(ctx.viewer.id, parsedInput.code, storeId);
    return { message: appliedMessage(cart.bill.couponCode, cart.bill.couponDiscountPaise), data: cart };
  });

export const removeCouponAction = userAction.inputSchema(input(z.object({}))).action(async ({ ctx }) => {
  const { storeId } = await shopperStore();
  const { removed, cart } = await removeCoupon(ctx.viewer.id, storeId);
  return { message: removed ? "Coupon removed" : "There was no coupon on your cart", data: cart };
});

export const couponOffersAction = userAction.inputSchema(input(z.object({}))).action(async ({ ctx }) => {
  const { storeId } = await shopperStore();
  const { offers } = await availableCoupons(ctx.viewer.id, storeId);
  return { message: "", data: offers };
});

/** "SAVE10 applied: you save ₹30". */
function appliedMessage(code: string | null, discountPaise: number): string {
  return code ? `${code} applied: you save ${formatPaise(discountPaise)}` : "Coupon applied";
}
