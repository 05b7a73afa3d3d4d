-- Substitutions (issue 18): what happens to a line the store marks short at packing. The shopper chooses per cart
-- line (CartItem.substitution; null: the order's default) and a default for the order (Order.substitution, REMOVE
-- when the client says nothing). The order's lines keep the choice they were ordered with; packing applies it:
-- a similar product replaces the missing units (a new line, replacesLineId naming the short one) or they are
-- removed. Either way the short line records the outcome and how much its items dropped (adjustPaise), and a card
-- order owes the difference back as a partial refund (refundDuePaise, paid once: partRefundedAt).
CREATE TYPE "Substitution" AS ENUM ('REPLACE', 'REMOVE', 'CALL');
CREATE TYPE "SubstitutionOutcome" AS ENUM ('REPLACED', 'REMOVED', 'REMOVED_NO_MATCH', 'REMOVED_NO_ANSWER');

ALTER TABLE "CartItem" ADD COLUMN "substitution" "Substitution";

ALTER TABLE "Order" ADD COLUMN "substitution" "Substitution" NOT NULL DEFAULT 'REMOVE';
ALTER TABLE "Order" ADD COLUMN "refundDuePaise" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "partRefundedAt" TIMESTAMP(3);
ALTER TABLE "Order" ADD CONSTRAINT "Order_refundDuePaise_check" CHECK ("refundDuePaise" >= 0);

ALTER TABLE "OrderLine" ADD COLUMN "substitution" "Substitution";
-- a CALL line: what the shopper said on the phone (REPLACE or REMOVE); null: not reached
ALTER TABLE "OrderLine" ADD COLUMN "callDecision" "Substitution";
ALTER TABLE "OrderLine" ADD COLUMN "substitutedAt" TIMESTAMP(3);
ALTER TABLE "OrderLine" ADD COLUMN "outcome" "SubstitutionOutcome";
ALTER TABLE "OrderLine" ADD COLUMN "adjustPaise" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "OrderLine" ADD COLUMN "replacesLineId" TEXT;
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_callDecision_check" CHECK ("callDecision" IS NULL OR "callDecision" <> 'CALL');
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_adjustPaise_check" CHECK ("adjustPaise" >= 0);
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_replacesLineId_fkey" FOREIGN KEY ("replacesLineId") REFERENCES "OrderLine"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "OrderLine_replacesLineId_idx" ON "OrderLine"("replacesLineId");
-- card orders still owed a partial refund (the retry-refunds job)
CREATE INDEX "Order_refund_due_idx" ON "Order"("refundDuePaise") WHERE "refundDuePaise" > 0 AND "partRefundedAt" IS NULL;
