import "server-only";
import { prisma } from "@/lib/db";

// The admin orders board's totals. Revenue is money the shop has actually taken: card orders paid and not cancelled
// (a cancelled paid order is being refunded) and cash orders delivered (the partner collected the cash). Orders paid
// through the local test checkout moved no money, so they are summed apart and never counted as revenue.

export type RevenueSummary = {
  revenuePaise: number;
  revenueOrders: number;
  /** paid through the local test checkout: not revenue */
  testPaymentsPaise: number;
  testPaymentOrders: number;
};

/** All-time revenue and test payments, in one query. The caller checks the viewer is an admin. */
export async function revenueSummary(): Promise<RevenueSummary> {
  const groups = await prisma.order.groupBy({
    by: ["testPayment"],
    where: {
      OR: [
        { paymentMethod: "CARD", paymentStatus: "PAID", status: { not: "CANCELLED" } },
        { paymentMethod: "CASH_ON_DELIVERY", status: "DELIVERED" },
      ],
    },
    _sum: { totalPaise: true },
    _count: { _all: true },
  });
  const summary: RevenueSummary = {
    revenuePaise: 0,
    revenueOrders: 0,
    testPaymentsPaise: 0,
    testPaymentOrders: 0,
  };
  for (const g of groups) {
    if (g.testPayment) {
      summary.testPaymentsPaise = g._sum.totalPaise ?? 0;
      summary.testPaymentOrders = g._count._all;
    } else {
      summary.revenuePaise = g._sum.totalPaise ?? 0;
      summary.revenueOrders = g._count._all;
    }
  }
  return summary;
}
