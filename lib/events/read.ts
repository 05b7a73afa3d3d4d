import "server-only";
import { prisma } from "@/lib/db";
import type { OrderEventKind } from "./record";

export type OrderEvent = {
  id: bigint;
  orderId: string;
  kind: OrderEventKind;
  data: unknown;
  createdAt: Date;
};

/** The order's events after `afterId` (0: all), oldest first; at most `limit`. */
export async function orderEventsAfter(orderId: string, afterId: bigint, limit = 500): Promise<OrderEvent[]> {
  const rows = await prisma.orderEvent.findMany({
    where: { orderId, id: { gt: afterId } },
    orderBy: { id: "asc" },
    take: limit,
  });
  return rows.map((r) => ({ ...r, kind: r.kind as OrderEventKind }));
}
