-- What a rider needs to find the door (phone-first issue, item 6): all optional, so REST clients that send only the
-- original fields keep working.
ALTER TABLE "Address" ADD COLUMN "receiverName" TEXT,
ADD COLUMN "house" TEXT,
ADD COLUMN "landmark" TEXT,
ADD COLUMN "label" TEXT;
