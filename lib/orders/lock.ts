import "server-only";
import type { Prisma, Tx } from "@/lib/db";

/**
 * Takes an order's row lock in `tx` (FOR UPDATE: whoever changes the order next waits for this transaction), then
 * reads it with `select`. Every change of an order's status, partner or door-code tries goes through here, so two
 * of them never decide on the same stale row.
 */
export async function lockOrder<S extends Prisma.OrderSelect>(
  tx: Tx,
  id: string,
  select: S,
): Promise<Prisma.OrderGetPayload<{ select: S }>> {
  await tx.$queryRaw`SELECT id FROM "Order" WHERE id = ${id} FOR UPDATE`;
  // Prisma cannot see through a generic select's payload; the select is the caller's, so is the shape
  return (await tx.order.findUniqueOrThrow({ where: { id }, select })) as Prisma.OrderGetPayload<{ select: S }>;
}
