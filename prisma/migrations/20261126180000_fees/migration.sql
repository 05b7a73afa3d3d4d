-- The bill (issue 18): fees set by the shop (shop-wide defaults, per-store overrides and a per-store high-demand
-- switch), and every order keeps the bill it was placed with, so changing a fee never changes a placed order.

CREATE TABLE "FeeSetting" (
    "scope" TEXT NOT NULL,
    "storeId" TEXT,
    "deliveryFeePaise" INTEGER,
    "freeDeliveryFromPaise" INTEGER,
    "handlingFeePaise" INTEGER,
    "smallCartFeePaise" INTEGER,
    "smallCartBelowPaise" INTEGER,
    "lateNightFeePaise" INTEGER,
    "lateNightFrom" INTEGER,
    "lateNightTo" INTEGER,
    "highDemandFeePaise" INTEGER,
    "highDemand" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "FeeSetting_pkey" PRIMARY KEY ("scope"),
    -- the shop row has every fee and the window; a store row is its store's, and sets no window of its own
    CONSTRAINT "FeeSetting_scope_check" CHECK (
      ("scope" = 'shop' AND "storeId" IS NULL AND "deliveryFeePaise" IS NOT NULL AND "freeDeliveryFromPaise" IS NOT NULL
        AND "handlingFeePaise" IS NOT NULL AND "smallCartFeePaise" IS NOT NULL AND "smallCartBelowPaise" IS NOT NULL
        AND "lateNightFeePaise" IS NOT NULL AND "lateNightFrom" IS NOT NULL AND "lateNightTo" IS NOT NULL
        AND "highDemandFeePaise" IS NOT NULL AND NOT "highDemand") OR
      ("scope" = "storeId" AND "lateNightFeePaise" IS NULL AND "lateNightFrom" IS NULL AND "lateNightTo" IS NULL)),
    CONSTRAINT "FeeSetting_amounts_check" CHECK (
      COALESCE("deliveryFeePaise", 0) >= 0 AND COALESCE("freeDeliveryFromPaise", 0) >= 0
      AND COALESCE("handlingFeePaise", 0) >= 0 AND COALESCE("smallCartFeePaise", 0) >= 0
      AND COALESCE("smallCartBelowPaise", 0) >= 0 AND COALESCE("lateNightFeePaise", 0) >= 0
      AND COALESCE("highDemandFeePaise", 0) >= 0
      AND COALESCE("lateNightFrom", 0) BETWEEN 0 AND 1439 AND COALESCE("lateNightTo", 0) BETWEEN 0 AND 1439)
);
CREATE UNIQUE INDEX "FeeSetting_storeId_key" ON "FeeSetting"("storeId");
ALTER TABLE "FeeSetting" ADD CONSTRAINT "FeeSetting_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- a real shop's defaults: delivery ₹30, free from ₹199; handling ₹4; ₹20 below ₹99; no late-night fee (window
-- 23:00–06:00 ready); high demand ₹10 where an admin switches it on. An operator who wants no fees sets them to 0.
INSERT INTO "FeeSetting" ("scope", "deliveryFeePaise", "freeDeliveryFromPaise", "handlingFeePaise", "smallCartFeePaise",
  "smallCartBelowPaise", "lateNightFeePaise", "lateNightFrom", "lateNightTo", "highDemandFeePaise", "updatedAt")
VALUES ('shop', 3000, 19900, 400, 2000, 9900, 0, 1380, 360, 1000, CURRENT_TIMESTAMP);

-- the bill each order was placed with (deliveryPaise and totalPaise exist: the delivery fee and the grand total)
ALTER TABLE "Order" ADD COLUMN "handlingFeePaise" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "smallCartFeePaise" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "lateNightFeePaise" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "highDemandFeePaise" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "couponCode" TEXT;
ALTER TABLE "Order" ADD COLUMN "couponDiscountPaise" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "tipPaise" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "billNotes" JSONB;
