import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { normaliseOrderNumber } from "./order-number";
import { ORDER_NOT_FOUND } from "./types";

/**
 * The internal id of an order the viewer may watch live (GET /api/order/events): its owner, admins and the partner
 * assigned to it (the partner app). Anyone else is told it does not exist, as for every other order call.
 */
export async function watchableOrderId(viewer: Viewer, orderNumber: string): Promise<string> {
  const order = await prisma.order.findUnique({
    where: { orderNumber: normaliseOrderNumber(orderNumber) },
    select: { id: true, userId: true, assignment: { select: { partner: { select: { userId: true } } } } },
  });
  const isPartner = viewer.role === "PARTNER" && order?.assignment?.partner.userId === viewer.id;
  if (!order || (order.userId !== viewer.id && viewer.role !== "ADMIN" && !isPartner))
    throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
  return order.id;
}

/** How long a finished order keeps its rider positions (none of its screens follows it any more). */
export const POSITIONS_KEPT_MS = 60 * 60_000;

/**
 * Deletes the rider positions of orders delivered or cancelled more than an hour ago (the hourly job
 * "prune-rider-positions"); status, partner and help events stay, as the order's history. Returns how many went.
 */
export async function pruneRiderPositions(): Promise<number> {
  // timestamps are kept in UTC without a zone: compare in SQL, not against a JS Date
  const cutoff = Prisma.sql`(now() AT TIME ZONE 'UTC') - make_interval(secs => ${POSITIONS_KEPT_MS / 1000}::double precision)`;
  return prisma.$executeRaw`
    DELETE FROM "OrderEvent" e USING "Order" o
    WHERE e.kind = 'position' AND o.id = e."orderId"
      AND ((o.status = 'DELIVERED' AND o."deliveredAt" < ${cutoff})
        OR (o.status = 'CANCELLED' AND o."cancelledAt" < ${cutoff}))`;
}
