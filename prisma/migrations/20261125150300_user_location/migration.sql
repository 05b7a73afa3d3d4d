-- The shopper's chosen delivery location kept on the account (issue 16, "Location first"): the browser keeps it in
-- the kw_location cookie; a signed-in shopper's choice is also saved here, so a new browser gets it at sign-in.
-- All nullable: no location chosen yet.

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "locationPincode" TEXT,
ADD COLUMN     "locationLat" DOUBLE PRECISION,
ADD COLUMN     "locationLng" DOUBLE PRECISION,
ADD COLUMN     "locationLabel" TEXT;
