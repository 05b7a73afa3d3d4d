import "server-only";
import { prisma } from "@/lib/db";

// The admin orders board's totals. Revenue is money the shop has actually taken: card orders paid and not cancelled
// (a cancelled paid order is being refunded) and cash orders delivered (the partner collected the cash). Orders paid
// through the local test checkout moved no money, so they are summed apart and never counted as revenue; so is a tip
// added after delivery through the local test checkout (its amount is in the order's total: it moves to the test side).

export type RevenueSummary = {
  revenuePaise: number;
  revenueOrders: number;
  /** paid through the local test checkout: not revenue */
  testPaymentsPaise: number;
  testPaymentOrders: number;
};

/** All-time revenue and test payments, in one query. The caller checks the viewer is an admin. */
const TAKEN = {
  OR: [
    { paymentMethod: "CARD" as const, paymentStatus: "PAID" as const, status: { not: "CANCELLED" as const } },
    { paymentMethod: "CASH_ON_DELIVERY" as const, status: "DELIVERED" as const },
  ],
};

export async function revenueSummary(): Promise<RevenueSummary> {
  const [groups, testTips] = await Promise.all([
    prisma.order.groupBy({
      by: ["testPayment"],
      where: TAKEN,
      _sum: { totalPaise: true },
      _count: { _all: true },
    }),
    prisma.tipPayment.aggregate({
      where: { status: "PAID", testPayment: true, order: { testPayment: false, ...TAKEN } },
      _sum: { amountPaise: true },
    }),
  ]);
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
  const testTipsPaise = testTips._sum.amountPaise ?? 0;
  summary.revenuePaise -= testTipsPaise;
  summary.testPaymentsPaise += testTipsPaise;
  return summary;
}
