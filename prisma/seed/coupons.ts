// The demo shop's coupons (issue 18; README "Coupons"): a first-order welcome, a percent off with a cap, and a larger
// flat amount with a total limit, so the cart's "Available offers" shows ones a shopper qualifies for and ones they
// do not yet. Added when missing; an admin's changes to them are kept on a later seed.

export type DemoCoupon = {
  code: string;
  kind: "flat" | "percent";
  amountPaise: number | null;
  percent: number | null;
  maxDiscountPaise: number | null;
  minOrderPaise: number;
  perUserLimit: number | null;
  totalLimit: number | null;
  firstOrderOnly: boolean;
};

export const DEMO_COUPONS: readonly DemoCoupon[] = [
  {
    // ₹50 off a first order of ₹199 or more
    code: "WELCOME50",
    kind: "flat",
    amountPaise: 5_000,
    percent: null,
    maxDiscountPaise: null,
    minOrderPaise: 19_900,
    perUserLimit: 1,
    totalLimit: null,
    firstOrderOnly: true,
  },
  {
    // 10 % off up to ₹60 on ₹299 or more
    code: "SAVE10",
    kind: "percent",
    amountPaise: null,
    percent: 10,
    maxDiscountPaise: 6_000,
    minOrderPaise: 29_900,
    perUserLimit: null,
    totalLimit: null,
    firstOrderOnly: false,
  },
  {
    // ₹100 off ₹799 or more, twice per shopper, the first 500 orders
    code: "FLAT100",
    kind: "flat",
    amountPaise: 10_000,
    percent: null,
    maxDiscountPaise: null,
    minOrderPaise: 79_900,
    perUserLimit: 2,
    totalLimit: 500,
    firstOrderOnly: false,
  },
];
