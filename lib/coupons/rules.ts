import { couponDiscountPaise, minOrderMessage, type CouponTerms } from "./terms";

export * from "./terms";

// Coupons (issue 18): every rule of a coupon in one pure function (checkCoupon); the discount it gives is
// couponDiscountPaise (./terms.ts). No `server-only`: the server checks carts and orders with it, and the admin's
// screen and the shopper's offers read its texts.
//
// The discount is taken off the items total (after product discounts), never more than it; fees are charged on the
// items total before the coupon (delivery stays free at ₹199 of items whatever the coupon takes off).

/** A coupon as an admin defines it. */
export type Coupon = CouponTerms & {
  id: string;
  validFrom: Date | null;
  validTo: Date | null;
  /** uses per shopper (null: no limit) */
  perUserLimit: number | null;
  /** uses in all (null: no limit) */
  totalLimit: number | null;
  /** orders that took it (a cancelled order gives its use back) */
  usedCount: number;
  firstOrderOnly: boolean;
  /** the stores it applies at; empty: every store */
  storeIds: string[];
  active: boolean;
};

/** Everything a coupon is checked against, besides itself. */
export type CouponContext = {
  /** the items total after product discounts */
  itemsTotalPaise: number;
  storeId: string;
  /** what shoppers call the store ("Koramangala"), for the message */
  storeArea: string;
  at: Date;
  timeZone: string;
  /** this shopper's orders that took this coupon (placed, not cancelled) */
  userUses: number;
  /** this shopper's orders (placed, not cancelled) */
  userOrders: number;
};

/** Which rule refused a coupon (REST: `rule`). */
export type CouponRule =
  | "unknown"
  | "inactive"
  | "notYetValid"
  | "expired"
  | "store"
  | "firstOrder"
  | "perUserLimit"
  | "totalLimit"
  | "emptyCart"
  | "minOrder";

export type CouponVerdict =
  | { ok: true; discountPaise: number }
  | { ok: false; rule: CouponRule; message: string; /** minOrder/emptyCart: what is missing */ missingPaise?: number };

/**
 * Rules a cart cannot fix: a coupon refused by one of them leaves the shopper's cart (it is "no longer valid").
 * The others (store, minimum order, empty cart) depend on the cart and the delivery place; the coupon stays on.
 */
export const LASTING_RULES: ReadonlySet<CouponRule> = new Set([
  "unknown",
  "inactive",
  "expired",
  "firstOrder",
  "perUserLimit",
  "totalLimit",
]);

/** Rules the shopper fixes by adding items: the coupon keeps its terms on the cart and applies once they do. */
export const AMOUNT_RULES: ReadonlySet<CouponRule> = new Set(["emptyCart", "minOrder"]);

/** Codes are case-insensitive: kept and compared upper-case, without spaces around. */
export const normaliseCode = (code: string): string => code.trim().toUpperCase();

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** "1 Dec 2026, 10:00" in the shop's time zone. */
export function formatShopDate(at: Date, timeZone: string): string {
  let f = dateFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-IN", {
      timeZone,
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    dateFormats.set(timeZone, f);
  }
  return f.format(at);
}

/** The message of an unknown code. */
export const unknownCodeMessage = (code: string): string =>
  `${normaliseCode(code) || "That"} is not a valid coupon code. Check the code and try again.`;

/**
 * Every rule of a coupon, in one place, the lasting ones first (a shopper is not asked to add items for a coupon that
 * has expired): active, valid from/to (validTo is the last moment it works), the store, first order only, the
 * per-shopper limit, the total limit, then the minimum order. OK: the discount it gives now.
 */
export function checkCoupon(coupon: Coupon | null, ctx: CouponContext, typed = ""): CouponVerdict {
  if (!coupon) return { ok: false, rule: "unknown", message: unknownCodeMessage(typed) };
  const { code } = coupon;
  if (!coupon.active) return { ok: false, rule: "inactive", message: `${code} is not active right now` };
  if (coupon.validFrom && ctx.at < coupon.validFrom) {
    return {
      ok: false,
      rule: "notYetValid",
      message: `${code} can be used from ${formatShopDate(coupon.validFrom, ctx.timeZone)}`,
    };
  }
  if (coupon.validTo && ctx.at > coupon.validTo) {
    return { ok: false, rule: "expired", message: `${code} expired on ${formatShopDate(coupon.validTo, ctx.timeZone)}` };
  }
  if (coupon.storeIds.length > 0 && !coupon.storeIds.includes(ctx.storeId)) {
    return { ok: false, rule: "store", message: `${code} is not valid at the ${ctx.storeArea} store` };
  }
  if (coupon.firstOrderOnly && ctx.userOrders > 0) {
    return { ok: false, rule: "firstOrder", message: `${code} is for your first order only` };
  }
  if (coupon.perUserLimit !== null && ctx.userUses >= coupon.perUserLimit) {
    const message =
      coupon.perUserLimit === 1
        ? `You have already used ${code}`
        : `You have used ${code} ${coupon.perUserLimit} times, its limit per shopper`;
    return { ok: false, rule: "perUserLimit", message };
  }
  if (coupon.totalLimit !== null && coupon.usedCount >= coupon.totalLimit) {
    return { ok: false, rule: "totalLimit", message: `${code} has been fully used: its ${coupon.totalLimit} uses are taken` };
  }
  if (ctx.itemsTotalPaise <= 0) {
    return { ok: false, rule: "emptyCart", message: `Add items to your cart to use ${code}`, missingPaise: coupon.minOrderPaise };
  }
  const short = minOrderMessage(coupon, ctx.itemsTotalPaise);
  if (short) {
    return { ok: false, rule: "minOrder", message: short, missingPaise: coupon.minOrderPaise - ctx.itemsTotalPaise };
  }
  return { ok: true, discountPaise: couponDiscountPaise(coupon, ctx.itemsTotalPaise) };
}

/** The terms of a coupon (what the cart and the bill carry). */
export const termsOf = (c: CouponTerms): CouponTerms => ({
  code: c.code,
  kind: c.kind,
  amountPaise: c.amountPaise,
  percent: c.percent,
  maxDiscountPaise: c.maxDiscountPaise,
  minOrderPaise: c.minOrderPaise,
});

/** A coupon offered to the shopper for their cart now. */
export type CouponOffer = {
  code: string;
  terms: CouponTerms;
  /** "10% off up to ₹60 on orders of ₹299 and above" */
  description: string;
  firstOrderOnly: boolean;
  validTo: Date | null;
  /** it applies to the cart as it is */
  qualifies: boolean;
  /** what it takes off the cart now (0 when it does not qualify yet) */
  discountPaise: number;
  /** what the cart lacks to qualify (0 when it does) */
  missingPaise: number;
  /** "Add ₹50 more to use SAVE10", or null when it qualifies */
  message: string | null;
  /** it is the cart's coupon now */
  applied: boolean;
};
