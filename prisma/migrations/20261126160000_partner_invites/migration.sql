-- Partners get accounts (issue 17): approving a partner e-mails a single-use, 48-hour link to set their password.
-- Only the token's sha256 is kept; a new approval deletes the partner's unused invitations.
CREATE TABLE "PartnerInvite" (
    "id" TEXT NOT NULL,
    "partnerId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PartnerInvite_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "PartnerInvite_tokenHash_key" ON "PartnerInvite"("tokenHash");
CREATE INDEX "PartnerInvite_partnerId_idx" ON "PartnerInvite"("partnerId");
CREATE INDEX "PartnerInvite_userId_idx" ON "PartnerInvite"("userId");
ALTER TABLE "PartnerInvite" ADD CONSTRAINT "PartnerInvite_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "DeliveryPartner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PartnerInvite" ADD CONSTRAINT "PartnerInvite_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
