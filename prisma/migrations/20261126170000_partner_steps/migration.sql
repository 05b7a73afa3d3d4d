-- The partner's delivery steps and proof of delivery (issue 17). The door code is never stored: a per-order random
-- salt and an HMAC (keyed with the server's secret) of the code are, so the database alone cannot reveal it; the
-- shopper's page derives it again from the salt and the secret. Five wrong tries lock the step (the store completes
-- it with a written reason).
ALTER TABLE "Order" ADD COLUMN "doorCodeSalt" TEXT;
ALTER TABLE "Order" ADD COLUMN "doorCodeHash" TEXT;
ALTER TABLE "Order" ADD COLUMN "doorCodeTries" INTEGER NOT NULL DEFAULT 0;

-- The partner's own steps on the assignment, and when the app was last heard from (a position or a step).
ALTER TABLE "PartnerAssignment" ADD COLUMN "pickedUpAt" TIMESTAMP(3);
ALTER TABLE "PartnerAssignment" ADD COLUMN "arrivedAt" TIMESTAMP(3);
ALTER TABLE "PartnerAssignment" ADD COLUMN "lastSeenAt" TIMESTAMP(3);
