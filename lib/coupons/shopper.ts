import "server-only";
import { getCart } from "@/lib/cart/cart";
import type { Cart } from "@/lib/cart/types";
import { AppError, type ErrorCode } from "@/lib/errors";
import { now, shopTimeZone } from "@/lib/ops/clock";
import { findStore } from "@/lib/stores/lookup";
import {
  AMOUNT_RULES,
  checkCoupon,
  couponExplain,
  normaliseCode,
  termsOf,
  unknownCodeMessage,
  type CouponOffer,
  type CouponRule,
} from "./rules";
import { couponByCode, dropCartCoupon, offerableCoupons, setCartCoupon, verdictFor } from "./store";

// The shopper's side of coupons (issue 18): apply a code to the cart (every rule checked by lib/coupons/rules.ts
// checkCoupon, the refusal naming the rule that failed), take it off, and the offers for this cart: the coupons the
// shopper qualifies for and the nearest ones they do not yet, with what is missing.

/**
 * A coupon refused: which rule failed and why, in words the shopper reads ("Add ₹50 more to use SAVE10"). An unknown
 * code is bad input (400); every other rule is the coupon's or the cart's state (409). The message is also the code
 * field's error, so a form shows it under the field.
 */
export class CouponRefused extends AppError {
  constructor(
    readonly rule: CouponRule,
    message: string,
    code: ErrorCode = rule === "unknown" ? "VALIDATION" : "CONFLICT",
    readonly couponId: string | null = null,
  ) {
    super(code, message, { fieldErrors: { code: [message] } });
    this.name = "CouponRefused";
  }
}

/** Applies a code to the shopper's cart at a store, or refuses it with the rule that failed. The cart with it. */
export async function applyCoupon(userId: string, typed: string, storeId: string): Promise<Cart> {
  const code = normaliseCode(typed);
  const [found, cart] = await Promise.all([couponByCode(userId, code), getCart(userId, storeId)]);
  if (!found) throw new CouponRefused("unknown", unknownCodeMessage(typed));
  const verdict = await verdictFor(found, cart.summary.totalPaise, storeId);
  if (!verdict.ok) throw new CouponRefused(verdict.rule, verdict.message);
  await setCartCoupon(userId, found.coupon.id);
  return getCart(userId, storeId);
}

/** Takes the coupon off the shopper's cart; whether there was one, and the cart without it. */
export async function removeCoupon(userId: string, storeId: string): Promise<{ removed: boolean; cart: Cart }> {
  const removed = await dropCartCoupon(userId);
  return { removed, cart: await getCart(userId, storeId) };
}

/** How many coupons the cart does not yet qualify for are offered, nearest first. */
export const NEAREST_OFFERS = 3;

/**
 * The offers for the shopper's cart at a store: every coupon they qualify for (largest discount first), then the
 * nearest ones they would qualify for with more items (least missing first). Coupons they cannot use at all (other
 * stores, used up, not a first order, not yet valid) are left out.
 */
export async function availableCoupons(userId: string, storeId: string): Promise<{ offers: CouponOffer[]; cart: Cart }> {
  const at = now();
  const [cart, coupons, store] = await Promise.all([
    getCart(userId, storeId),
    offerableCoupons(userId, at),
    findStore(storeId),
  ]);
  const itemsTotalPaise = cart.summary.totalPaise;
  const qualifying: CouponOffer[] = [];
  const nearest: CouponOffer[] = [];
  for (const found of coupons) {
    const { coupon } = found;
    const verdict = checkCoupon(coupon, {
      itemsTotalPaise,
      storeId,
      storeArea: store?.area ?? storeId,
      at,
      timeZone: shopTimeZone(),
      userUses: found.userUses,
      userOrders: found.userOrders,
    });
    if (!verdict.ok && !AMOUNT_RULES.has(verdict.rule)) continue;
    const terms = termsOf(coupon);
    const offer: CouponOffer = {
      code: coupon.code,
      terms,
      description: couponExplain(terms),
      firstOrderOnly: coupon.firstOrderOnly,
      validTo: coupon.validTo,
      qualifies: verdict.ok,
      discountPaise: verdict.ok ? verdict.discountPaise : 0,
      missingPaise: verdict.ok ? 0 : Math.max(0, verdict.missingPaise ?? 0),
      message: verdict.ok ? null : verdict.message,
      applied: cart.coupon?.code === coupon.code,
    };
    (verdict.ok ? qualifying : nearest).push(offer);
  }
  qualifying.sort((a, b) => b.discountPaise - a.discountPaise || a.code.localeCompare(b.code));
  nearest.sort((a, b) => a.missingPaise - b.missingPaise || a.code.localeCompare(b.code));
  return { offers: [...qualifying, ...nearest.slice(0, NEAREST_OFFERS)], cart };
}
