-- Orders paid through the local test checkout (/pay/<session>) are marked, so that screens, e-mails and the REST
-- DTO can say no money was collected and the admin's revenue leaves them out. Every existing order keeps false.
ALTER TABLE "Order" ADD COLUMN "testPayment" BOOLEAN NOT NULL DEFAULT false;
