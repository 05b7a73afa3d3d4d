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
