// Figures and the database audit of a mixed-load run (bench/load.mjs, bench/faults.mjs).

import { percentile } from "./measure.mjs";

function summarise(records) {
  const times = records.map((r) => r.ms).sort((a, b) => a - b);
  const statuses = {};
  for (const r of records) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const errors = records.filter((r) => !r.ok).length;
  return {
    requests: records.length,
    errors,
    p50ms: Math.round(percentile(times, 50)),
    p95ms: Math.round(percentile(times, 95)),
    p99ms: Math.round(percentile(times, 99)),
    statuses,
  };
}

/** Throughput, latency percentiles per kind and overall, error rate, and the distinct error answers. */
export function figures(records, wallSeconds) {
  const kinds = [...new Set(records.map((r) => r.kind))].sort();
  const perKind = Object.fromEntries(kinds.map((k) => [k, summarise(records.filter((r) => r.kind === k))]));
  const overall = summarise(records);
  const errorSamples = {};
  for (const r of records.filter((x) => !x.ok)) {
    const key = `${r.kind} → ${r.status}${r.note ? `: ${String(r.note).slice(0, 120)}` : ""}`;
    errorSamples[key] = (errorSamples[key] ?? 0) + 1;
  }
  const conflicts = {};
  for (const r of records.filter((x) => x.status === 409)) conflicts[r.note] = (conflicts[r.note] ?? 0) + 1;
  return {
    wallSeconds: +wallSeconds.toFixed(1),
    requestsPerSecond: +(records.length / wallSeconds).toFixed(1),
    errorRatePercent: +((100 * overall.errors) / Math.max(1, overall.requests)).toFixed(3),
    overall,
    perKind,
    conflicts,
    errors: errorSamples,
  };
}

/** Adds up the shoppers' outcome counters. */
export function totals(outcomes) {
  const sum = {};
  for (const o of outcomes) for (const [k, v] of Object.entries(o)) sum[k] = (sum[k] ?? 0) + v;
  return sum;
}

/**
 * The audit: orders = successful checkouts, stock taken = quantities ordered (per product, against the stock before
 * the run), no stock below zero, no partner on two active orders, no order without lines, every card order the
 * shoppers paid is paid. `userPrefix` selects this run's shoppers' orders.
 */
export async function audit(db, { pool, stockBefore, userPrefix, placed, paid }) {
  const { rows: orderRows } = await db.query(
    `SELECT count(*)::int AS orders,
            count(*) FILTER (WHERE "paymentMethod" = 'CARD' AND "paymentStatus" = 'PAID')::int AS "cardPaid",
            count(*) FILTER (WHERE status = 'PENDING_PAYMENT')::int AS "awaitingPayment",
            count(*) FILTER (WHERE status = 'CANCELLED')::int AS cancelled
       FROM "Order" WHERE "userId" LIKE $1`,
    [`${userPrefix}%`],
  );
  const { rows: lineRows } = await db.query(
    `SELECT l."productId", sum(l.quantity)::int AS qty
       FROM "OrderLine" l JOIN "Order" o ON o.id = l."orderId"
      WHERE o."userId" LIKE $1 AND o.status <> 'CANCELLED'
      GROUP BY l."productId"`,
    [`${userPrefix}%`],
  );
  const ordered = Object.fromEntries(lineRows.map((r) => [r.productId, r.qty]));
  const { rows: stockRows } = await db.query(`SELECT id, stock FROM "Product" WHERE id = ANY($1)`, [pool.map((p) => p.id)]);
  const stockAfter = Object.fromEntries(stockRows.map((r) => [r.id, r.stock]));
  const mismatches = pool
    .filter((p) => stockBefore[p.id] - stockAfter[p.id] !== (ordered[p.id] ?? 0))
    .map((p) => ({ id: p.id, before: stockBefore[p.id], after: stockAfter[p.id], ordered: ordered[p.id] ?? 0 }));
  const { rows: globalRows } = await db.query(
    `SELECT
       (SELECT count(*)::int FROM "Product" WHERE stock < 0) AS "productsBelowZero",
       (SELECT count(*)::int FROM (
          SELECT a."partnerId" FROM "PartnerAssignment" a JOIN "Order" o ON o.id = a."orderId"
          WHERE a."completedAt" IS NULL AND o.status NOT IN ('DELIVERED', 'CANCELLED')
          GROUP BY a."partnerId" HAVING count(*) > 1) x) AS "partnersOnTwoOrders",
       (SELECT count(*)::int FROM "Order" o WHERE NOT EXISTS (SELECT 1 FROM "OrderLine" i WHERE i."orderId" = o.id))
         AS "ordersWithoutLines"`,
  );
  const o = orderRows[0];
  const g = globalRows[0];
  const unitsTaken = pool.reduce((s, p) => s + (stockBefore[p.id] - stockAfter[p.id]), 0);
  const result = {
    successfulCheckouts: placed,
    orders: o.orders,
    cardOrdersPaidByShoppers: paid,
    cardOrdersPaid: o.cardPaid,
    ordersAwaitingPayment: o.awaitingPayment,
    ordersCancelled: o.cancelled,
    unitsTaken,
    productsSoldOut: pool.filter((p) => stockAfter[p.id] === 0).length,
    stockMismatches: mismatches,
    productsBelowZero: g.productsBelowZero,
    partnersOnTwoOrders: g.partnersOnTwoOrders,
    ordersWithoutLines: g.ordersWithoutLines,
  };
  const clean =
    o.orders === placed &&
    o.cardPaid === paid &&
    mismatches.length === 0 &&
    g.productsBelowZero === 0 &&
    g.partnersOnTwoOrders === 0 &&
    g.ordersWithoutLines === 0;
  return { ...result, verdict: clean ? "CLEAN" : "NOT CLEAN" };
}
