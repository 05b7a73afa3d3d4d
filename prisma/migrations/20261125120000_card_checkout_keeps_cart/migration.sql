-- Card checkout keeps the cart until the payment succeeds (issue 15 F5): the order remembers the hosted payment
-- page (the order page's "Resume payment") and whether its checkout left the cart as it was. Existing orders keep
-- false: their checkout emptied the cart, so a cancelled payment still puts their lines back and a late payment
-- removes nothing the shopper has added since.
ALTER TABLE "Order" ADD COLUMN "paymentUrl" TEXT,
ADD COLUMN "cartKept" BOOLEAN NOT NULL DEFAULT false;
