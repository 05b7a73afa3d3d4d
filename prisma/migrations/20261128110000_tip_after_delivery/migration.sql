-- A tip added from the order page after delivery (issue 18): paid by card in its own checkout session, one per
-- order. The order's "tipPaise" and "totalPaise" grow by the amount only when the payment is confirmed (webhook or
-- the local test checkout), in the same transaction that marks this row PAID.

CREATE TYPE "TipPaymentStatus" AS ENUM ('PENDING', 'PAID', 'CANCELLED');

CREATE TABLE "TipPayment" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "amountPaise" INTEGER NOT NULL,
    "status" "TipPaymentStatus" NOT NULL DEFAULT 'PENDING',
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "sessionId" TEXT,
    "paymentUrl" TEXT,
    "paymentIntentId" TEXT,
    "testPayment" BOOLEAN NOT NULL DEFAULT false,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "TipPayment_pkey" PRIMARY KEY ("id"),
    -- the same cap as a tip at checkout (lib/bill/tips.ts MAX_TIP_PAISE)
    CONSTRAINT "TipPayment_amount_check" CHECK ("amountPaise" > 0 AND "amountPaise" <= 20000),
    CONSTRAINT "TipPayment_paid_check" CHECK (("status" = 'PAID') = ("paidAt" IS NOT NULL))
);
CREATE UNIQUE INDEX "TipPayment_orderId_key" ON "TipPayment"("orderId");
CREATE UNIQUE INDEX "TipPayment_sessionId_key" ON "TipPayment"("sessionId");
ALTER TABLE "TipPayment" ADD CONSTRAINT "TipPayment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
