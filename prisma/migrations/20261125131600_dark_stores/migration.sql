-- Dark stores (issue 16), the foundation: stores with their hours, served pincodes and pickers; a pincode table with
-- centroids; stock per store with an append-only ledger; "notify me" requests; the store of an order and of a
-- partner; coordinates on addresses. Product.stock stays for now: the catalogue, cart and checkout still read it, and
-- the next step moves them to StoreStock. Works on a database with data: the shop's one implicit store becomes the
-- default store "main", and every product's stock is copied into it with an opening COUNT movement, so the ledger
-- sums to the stock from the first day.

-- CreateEnum
CREATE TYPE "StockReason" AS ENUM ('SALE', 'CANCEL', 'RETURN', 'RECEIVE', 'WRITE_OFF', 'COUNT', 'IMPORT');

-- AlterTable
ALTER TABLE "Address" ADD COLUMN     "lat" DOUBLE PRECISION,
ADD COLUMN     "lng" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "DeliveryPartner" ADD COLUMN     "storeId" TEXT;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "promisedMinutes" INTEGER,
ADD COLUMN     "storeId" TEXT;

-- CreateTable
CREATE TABLE "Store" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "area" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "lat" DOUBLE PRECISION NOT NULL,
    "lng" DOUBLE PRECISION NOT NULL,
    "radiusKm" DOUBLE PRECISION NOT NULL DEFAULT 2.5,
    "pickers" INTEGER NOT NULL DEFAULT 2,
    "opensAt" INTEGER NOT NULL DEFAULT 0,
    "closesAt" INTEGER NOT NULL DEFAULT 1440,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "pausedReason" TEXT,
    "pausedAt" TIMESTAMP(3),
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Store_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StorePincode" (
    "storeId" TEXT NOT NULL,
    "pincode" TEXT NOT NULL,

    CONSTRAINT "StorePincode_pkey" PRIMARY KEY ("storeId","pincode")
);

-- CreateTable
CREATE TABLE "Pincode" (
    "code" TEXT NOT NULL,
    "area" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "lat" DOUBLE PRECISION NOT NULL,
    "lng" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "Pincode_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "StoreStock" (
    "storeId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "stock" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoreStock_pkey" PRIMARY KEY ("storeId","productId")
);

-- CreateTable
CREATE TABLE "StockMovement" (
    "id" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "delta" INTEGER NOT NULL,
    "reason" "StockReason" NOT NULL,
    "orderId" TEXT,
    "actorId" TEXT,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StockMovement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServiceRequest" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "pincode" TEXT NOT NULL,
    "area" TEXT,
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServiceRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StorePincode_pincode_idx" ON "StorePincode"("pincode");

-- CreateIndex
CREATE INDEX "StoreStock_productId_idx" ON "StoreStock"("productId");

-- CreateIndex
CREATE INDEX "StockMovement_storeId_productId_createdAt_idx" ON "StockMovement"("storeId", "productId", "createdAt");

-- CreateIndex
CREATE INDEX "StockMovement_orderId_idx" ON "StockMovement"("orderId");

-- CreateIndex
CREATE INDEX "ServiceRequest_pincode_createdAt_idx" ON "ServiceRequest"("pincode", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ServiceRequest_email_pincode_key" ON "ServiceRequest"("email", "pincode");

-- CreateIndex
CREATE INDEX "DeliveryPartner_storeId_idx" ON "DeliveryPartner"("storeId");

-- CreateIndex
CREATE INDEX "Order_storeId_status_idx" ON "Order"("storeId", "status");

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeliveryPartner" ADD CONSTRAINT "DeliveryPartner_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StorePincode" ADD CONSTRAINT "StorePincode_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StoreStock" ADD CONSTRAINT "StoreStock_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StoreStock" ADD CONSTRAINT "StoreStock_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Rules Prisma cannot express (its differ ignores CHECK constraints and triggers, so later migrations keep them).
ALTER TABLE "StoreStock" ADD CONSTRAINT "StoreStock_stock_check" CHECK ("stock" >= 0);
ALTER TABLE "Store" ADD CONSTRAINT "Store_id_check" CHECK ("id" ~ '^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$'),
  ADD CONSTRAINT "Store_hours_check" CHECK ("opensAt" BETWEEN 0 AND 1439 AND "closesAt" BETWEEN 1 AND 1440),
  ADD CONSTRAINT "Store_pickers_check" CHECK ("pickers" >= 1),
  ADD CONSTRAINT "Store_radius_check" CHECK ("radiusKm" >= 0),
  ADD CONSTRAINT "Store_point_check" CHECK ("lat" BETWEEN -90 AND 90 AND "lng" BETWEEN -180 AND 180);

-- Exactly one default store whenever there is any store, checked when the transaction commits (so switching the
-- default from one store to another inside one transaction works). TRUNCATE (the seed's --reset) fires nothing and
-- leaves no store, which the rule allows.
CREATE FUNCTION store_one_default() RETURNS trigger AS $$
DECLARE
  defaults integer;
BEGIN
  SELECT count(*) INTO defaults FROM "Store" WHERE "isDefault";
  IF defaults <> 1 AND EXISTS (SELECT 1 FROM "Store") THEN
    RAISE EXCEPTION 'Exactly one store must be the default (found %)', defaults
      USING ERRCODE = 'check_violation',
            HINT = 'Make another store the default in the same transaction.';
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE CONSTRAINT TRIGGER store_one_default
  AFTER INSERT OR UPDATE OF "isDefault" OR DELETE ON "Store"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION store_one_default();

-- The stock ledger is append-only: UPDATE and DELETE are refused whatever they match (statement-level, like the
-- audit log's). TRUNCATE stays allowed on purpose: `db:seed -- --reset` empties the stock tables together, ledger
-- included, so the sums still match; the app never truncates.
CREATE FUNCTION stock_movement_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'The stock ledger is append-only: % on "StockMovement" is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege',
          HINT = 'Correct stock with a new movement (a COUNT or WRITE_OFF), never by editing one.';
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER stock_movement_append_only
  BEFORE UPDATE OR DELETE ON "StockMovement"
  FOR EACH STATEMENT EXECUTE FUNCTION stock_movement_append_only();

-- The shop's one implicit store becomes the default store. Its place is the demo's city centre (MG Road, Bengaluru)
-- until an admin edits it; it serves the pincodes of every saved address, so nobody who could order before the
-- upgrade is turned away by it. The seed turns it into the demo network's MG Road store.
INSERT INTO "Store" ("id", "name", "area", "address", "lat", "lng", "radiusKm", "pickers", "opensAt", "closesAt",
                     "isDefault", "updatedAt")
VALUES ('main', 'Main store', 'MG Road', 'MG Road, Bengaluru 560001', 12.9755, 77.6068, 2.5, 2, 0, 1440, true,
        CURRENT_TIMESTAMP);

INSERT INTO "StorePincode" ("storeId", "pincode")
SELECT DISTINCT 'main', "pincode" FROM "Address" WHERE "pincode" ~ '^[1-9][0-9]{5}$';

INSERT INTO "StoreStock" ("storeId", "productId", "stock")
SELECT 'main', "id", GREATEST("stock", 0) FROM "Product";

INSERT INTO "StockMovement" ("id", "storeId", "productId", "delta", "reason", "note")
SELECT 'open' || md5("id"), 'main', "id", GREATEST("stock", 0), 'COUNT', 'opening stock: the shop''s stock before stores'
FROM "Product";
