-- Coupons (issue 18): codes an admin defines (flat or percent with a cap, minimum order, validity window, per-shopper
-- and total limits, first order only, the stores it applies to, an active flag), the coupon a shopper applied to
-- their cart, and one use per order that took it. A use is counted atomically when the order is placed
-- ("usedCount" + 1 under the coupon's row lock, only while below "totalLimit") and given back when the order is
-- cancelled (its CouponUse row deleted, "usedCount" - 1).

CREATE TABLE "Coupon" (
    "id" TEXT NOT NULL,
    -- stored upper-case: codes are case-insensitive
    "code" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    -- flat: the amount off; percent: null
    "amountPaise" INTEGER,
    -- percent: 1–100; flat: null
    "percent" INTEGER,
    "maxDiscountPaise" INTEGER,
    "minOrderPaise" INTEGER NOT NULL DEFAULT 0,
    "validFrom" TIMESTAMP(3),
    "validTo" TIMESTAMP(3),
    "perUserLimit" INTEGER,
    "totalLimit" INTEGER,
    "usedCount" INTEGER NOT NULL DEFAULT 0,
    "firstOrderOnly" BOOLEAN NOT NULL DEFAULT false,
    -- empty: every store
    "storeIds" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Coupon_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Coupon_code_check" CHECK ("code" = upper("code") AND "code" ~ '^[A-Z0-9_-]{3,20}$'),
    CONSTRAINT "Coupon_kind_check" CHECK (
      ("kind" = 'flat' AND "amountPaise" > 0 AND "percent" IS NULL) OR
      ("kind" = 'percent' AND "percent" BETWEEN 1 AND 100 AND "amountPaise" IS NULL)),
    CONSTRAINT "Coupon_amounts_check" CHECK (
      COALESCE("maxDiscountPaise", 1) > 0 AND "minOrderPaise" >= 0 AND "usedCount" >= 0
      AND COALESCE("perUserLimit", 1) > 0 AND COALESCE("totalLimit", 1) > 0
      AND ("validFrom" IS NULL OR "validTo" IS NULL OR "validFrom" < "validTo"))
);
CREATE UNIQUE INDEX "Coupon_code_key" ON "Coupon"("code");

-- the coupon a shopper applied to their cart: one per shopper, kept until removed, no longer valid or ordered
CREATE TABLE "CartCoupon" (
    "userId" TEXT NOT NULL,
    "couponId" TEXT NOT NULL,
    "appliedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CartCoupon_pkey" PRIMARY KEY ("userId")
);
CREATE INDEX "CartCoupon_couponId_idx" ON "CartCoupon"("couponId");
ALTER TABLE "CartCoupon" ADD CONSTRAINT "CartCoupon_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CartCoupon" ADD CONSTRAINT "CartCoupon_couponId_fkey" FOREIGN KEY ("couponId") REFERENCES "Coupon"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- one use per order that took a coupon (the per-shopper limit counts them; a cancelled order's is deleted)
CREATE TABLE "CouponUse" (
    "id" TEXT NOT NULL,
    "couponId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CouponUse_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "CouponUse_orderId_key" ON "CouponUse"("orderId");
CREATE INDEX "CouponUse_couponId_userId_idx" ON "CouponUse"("couponId", "userId");
CREATE INDEX "CouponUse_userId_idx" ON "CouponUse"("userId");
ALTER TABLE "CouponUse" ADD CONSTRAINT "CouponUse_couponId_fkey" FOREIGN KEY ("couponId") REFERENCES "Coupon"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CouponUse" ADD CONSTRAINT "CouponUse_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CouponUse" ADD CONSTRAINT "CouponUse_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
