-- Partners get accounts (issue 17): a partner signs in as a user of role PARTNER tied to their DeliveryPartner row,
-- and the cash they collect at doors is an append-only ledger whose sum per partner is their cash in hand.
ALTER TYPE "Role" ADD VALUE 'PARTNER';

ALTER TABLE "DeliveryPartner" ADD COLUMN "userId" TEXT;
ALTER TABLE "DeliveryPartner" ADD COLUMN "email" TEXT;
ALTER TABLE "DeliveryPartner" ADD COLUMN "deactivatedAt" TIMESTAMP(3);
CREATE UNIQUE INDEX "DeliveryPartner_userId_key" ON "DeliveryPartner"("userId");
ALTER TABLE "DeliveryPartner" ADD CONSTRAINT "DeliveryPartner_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TYPE "CashEntryKind" AS ENUM ('COLLECTED', 'SETTLED');

CREATE TABLE "CashLedgerEntry" (
    "id" TEXT NOT NULL,
    "partnerId" TEXT NOT NULL,
    "kind" "CashEntryKind" NOT NULL,
    "amountPaise" INTEGER NOT NULL,
    "orderId" TEXT,
    "recordedById" TEXT,
    "recordedByEmail" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CashLedgerEntry_pkey" PRIMARY KEY ("id"),
    -- collected is money in (+), a settlement money handed over (−); never zero
    CONSTRAINT "CashLedgerEntry_sign_check" CHECK (
      ("kind" = 'COLLECTED' AND "amountPaise" > 0 AND "orderId" IS NOT NULL) OR
      ("kind" = 'SETTLED' AND "amountPaise" < 0))
);
-- one collection per order, whatever retries happen
CREATE UNIQUE INDEX "CashLedgerEntry_orderId_key" ON "CashLedgerEntry"("orderId");
CREATE INDEX "CashLedgerEntry_partnerId_createdAt_idx" ON "CashLedgerEntry"("partnerId", "createdAt");
ALTER TABLE "CashLedgerEntry" ADD CONSTRAINT "CashLedgerEntry_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "DeliveryPartner"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "CashLedgerEntry" ADD CONSTRAINT "CashLedgerEntry_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Append-only: a correction is a new entry, never an edit (same rule as the audit log).
CREATE FUNCTION cash_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'CashLedgerEntry is append-only';
END $$;
CREATE TRIGGER cash_ledger_no_update BEFORE UPDATE OR DELETE ON "CashLedgerEntry"
  FOR EACH ROW EXECUTE FUNCTION cash_ledger_append_only();
