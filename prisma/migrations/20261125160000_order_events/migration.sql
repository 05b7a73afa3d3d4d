-- Live order events (issue 17, "Live tracking"): every status change and rider position of an order is a row, so a
-- reconnecting page (SSE Last-Event-ID) gets what it missed. The id is a sequence: the stream's event id, in order.
-- Positions are pruned a day after delivery (lib/events/prune.ts); status events stay as the order's timeline.
CREATE TABLE "OrderEvent" (
    "id" BIGSERIAL NOT NULL,
    "orderId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderEvent_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "OrderEvent_orderId_id_idx" ON "OrderEvent"("orderId", "id");

ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
