import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db";
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
