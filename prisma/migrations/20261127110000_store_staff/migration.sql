-- Store staff and the pick list (issue 16, "The store's side"): a user of role STAFF works at one dark store
-- (StoreStaff), invited by an admin with a single-use, 48-hour link kept only as its sha256 (StaffInvite, like
-- PartnerInvite). Pickers tick each order line (pickedAt) or mark it short (shortQuantity: units missing), saved per
-- line so every picker's phone shows the same state; issue 18's substitutions act on the short marks.
-- The new enum value is only added here, never used in this transaction (PostgreSQL refuses that).
ALTER TYPE "Role" ADD VALUE 'STAFF';

CREATE TABLE "StoreStaff" (
    "id" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "deactivatedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StoreStaff_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "StoreStaff_userId_key" ON "StoreStaff"("userId");
CREATE INDEX "StoreStaff_storeId_idx" ON "StoreStaff"("storeId");
ALTER TABLE "StoreStaff" ADD CONSTRAINT "StoreStaff_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "StoreStaff" ADD CONSTRAINT "StoreStaff_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "StaffInvite" (
    "id" TEXT NOT NULL,
    "staffId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StaffInvite_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "StaffInvite_tokenHash_key" ON "StaffInvite"("tokenHash");
CREATE INDEX "StaffInvite_staffId_idx" ON "StaffInvite"("staffId");
CREATE INDEX "StaffInvite_userId_idx" ON "StaffInvite"("userId");
ALTER TABLE "StaffInvite" ADD CONSTRAINT "StaffInvite_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "StoreStaff"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "StaffInvite" ADD CONSTRAINT "StaffInvite_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- the pick list's marks, per order line: ticked (every unit in the bag) or short (this many units missing)
ALTER TABLE "OrderLine" ADD COLUMN "pickedAt" TIMESTAMP(3);
ALTER TABLE "OrderLine" ADD COLUMN "shortQuantity" INTEGER;
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_shortQuantity_check"
  CHECK ("shortQuantity" IS NULL OR ("shortQuantity" > 0 AND "shortQuantity" <= "quantity"));
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_pick_mark_check"
  CHECK ("pickedAt" IS NULL OR "shortQuantity" IS NULL);
