"use client";

import { lazyPart } from "@/components/ui/lazy-part";

/** The coupon field and offers (issue 18) on the cart and at checkout; their code is not in either page's first load. */
export const CouponSlot = lazyPart(() => import("./coupon-panel").then((m) => m.CouponPanel));
