import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma, type Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";

/**
 * Reads one of the viewer's own orders with `select` (which must include userId). Another shopper's order answers
 * exactly like a missing one: NOT_FOUND with `notFound`, so nobody can learn which orders exist.
 */
export async function findOwnOrder<S extends Prisma.OrderSelect & { userId: true }>(
  viewer: Viewer,
  where: Prisma.OrderWhereUniqueInput,
  notFound: string,
  select: S,
): Promise<Prisma.OrderGetPayload<{ select: S }>> {
  const order: Prisma.OrderGetPayload<{ select: S }> | null = await prisma.order.findUnique({ where, select });
  // S includes userId, but TypeScript cannot see through Prisma's payload of a generic select
  const ownerId = (order as { userId: string } | null)?.userId;
  if (!order || ownerId !== viewer.id) throw new AppError("NOT_FOUND", notFound);
  return order;
}

/**
 * The number of the viewer's own order named by its number or by its card payment session (the provider's return to
 * /success), or null: the success page offers "Track order" only for an order the viewer may open.
 */
export async function ownOrderNumber(
  viewer: Viewer,
  by: { orderNumber?: string | null; paymentSessionId?: string | null },
): Promise<string | null> {
  const number = by.orderNumber?.trim().toUpperCase();
  const where: Prisma.OrderWhereUniqueInput | null =
    number && /^[A-Z0-9-]{4,40}$/.test(number)
      ? { orderNumber: number }
      : by.paymentSessionId && by.paymentSessionId.length <= 255
        ? { paymentSessionId: by.paymentSessionId }
        : null;
  if (!where) return null;
  const order = await prisma.order.findUnique({ where, select: { orderNumber: true, userId: true } });
  return order && order.userId === viewer.id ? order.orderNumber : null;
}
