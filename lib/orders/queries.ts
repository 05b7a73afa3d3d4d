import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma, type Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { adminOrderSelect, orderSelect, toAdminOrder, toOrder } from "./records";
import { normaliseOrderNumber } from "./order-number";
import { revenueSummary, type RevenueSummary } from "./revenue";
import { ORDER_NOT_FOUND, type AdminOrder, type Order, type OrderStatusValue } from "./types";

const MY_ORDERS_LIMIT = 100;

/** The caller's orders, newest first (`GET /api/order/order-list`, /dashboard/myorders). */
export async function listMyOrders(viewer: Viewer): Promise<Order[]> {
  const rows = await prisma.order.findMany({
    where: { userId: viewer.id },
    select: orderSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MY_ORDERS_LIMIT,
  });
  return rows.map(toOrder);
}

/** One of the caller's orders by its number; someone else's answers 404, as if it did not exist. */
export async function getMyOrder(viewer: Viewer, orderNumber: string): Promise<Order> {
  const row = await prisma.order.findUnique({
    where: { orderNumber: normaliseOrderNumber(orderNumber) },
    select: orderSelect,
  });
  if (!row || row.userId !== viewer.id) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
  return toOrder(row);
}

export const ADMIN_STATUS_FILTERS = [
  "PENDING_PAYMENT",
  "PLACED",
  "PACKED",
  "OUT_FOR_DELIVERY",
  "DELIVERED",
  "CANCELLED",
] as const satisfies readonly OrderStatusValue[];

export type AdminOrderList = {
  orders: AdminOrder[];
  counts: Record<OrderStatusValue, number>;
  /** orders waiting for a free delivery partner */
  queued: number;
  /** all-time revenue, test payments apart (whatever the status filter) */
  revenue: RevenueSummary;
};

/** Admin: recent orders of every shopper, optionally of one status, with counts per status and the revenue. */
export async function listAdminOrders(
  viewer: Viewer,
  filter: { status?: OrderStatusValue | null; storeId?: string | null; limit?: number } = {},
): Promise<AdminOrderList> {
  if (viewer.role !== "ADMIN") throw new AppError("FORBIDDEN", "Do not have permission");
  // the store filter narrows the list, the status counts and the queue; revenue stays the shop's
  const inStore: Prisma.OrderWhereInput = filter.storeId ? { storeId: filter.storeId } : {};
  const where: Prisma.OrderWhereInput = filter.status ? { ...inStore, status: filter.status } : inStore;
  const [rows, grouped, queued, revenue] = await Promise.all([
    prisma.order.findMany({
      where,
      select: adminOrderSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: Math.min(Math.max(filter.limit ?? 100, 1), 500),
    }),
    prisma.order.groupBy({ by: ["status"], where: inStore, _count: { _all: true } }),
    prisma.order.count({
      where: { ...inStore, dispatchQueuedAt: { not: null }, status: { in: ["PLACED", "PACKED"] } },
    }),
    revenueSummary(),
  ]);
  const counts = Object.fromEntries(ADMIN_STATUS_FILTERS.map((s) => [s, 0])) as Record<OrderStatusValue, number>;
  for (const g of grouped) counts[g.status] = g._count._all;
  return { orders: rows.map(toAdminOrder), counts, queued, revenue };
}
