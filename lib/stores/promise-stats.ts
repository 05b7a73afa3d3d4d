import "server-only";
import { Prisma, prisma } from "@/lib/db";
import { now } from "@/lib/ops/clock";

// Is the promise kept? (issue 16, "The promise"): per store, the minutes promised at checkout against the minutes
// it took from placed to delivered, over the delivered orders of the last STATS_DAYS days. "Placed" is when the
// order was placed, or for a card order when it was paid (before that nobody packs it). On time: delivered within
// the promised minutes (the promise is a whole number of minutes, so 10:59 counts as within 11). Timestamps are
// stored as UTC without a zone, hence the cutoff's conversion.

export const STATS_DAYS = 7;

export type PromiseStats = {
  storeId: string;
  storeName: string;
  delivered: number;
  promisedP50: number | null;
  promisedP90: number | null;
  actualP50: number | null;
  actualP90: number | null;
  /** 0–1; null with no delivered order */
  onTimeShare: number | null;
};

type Row = {
  storeId: string;
  storeName: string;
  delivered: bigint;
  promisedP50: number | null;
  promisedP90: number | null;
  actualP50: number | null;
  actualP90: number | null;
  onTime: bigint;
};

/** Every store (those without deliveries too), by name; `storeId` narrows to one store. */
export async function promiseStats(storeId?: string | null): Promise<PromiseStats[]> {
  const since = new Date(now().getTime() - STATS_DAYS * 24 * 60 * 60 * 1000);
  const onlyStore = storeId ? Prisma.sql`AND s.id = ${storeId}` : Prisma.empty;
  const rows = await prisma.$queryRaw<Row[]>`
    WITH d AS (
      SELECT o."storeId", o."promisedMinutes"::float8 AS promised,
             EXTRACT(EPOCH FROM (o."deliveredAt" - CASE WHEN o."paymentMethod" = 'CARD'
               THEN COALESCE(o."paidAt", o."createdAt") ELSE o."createdAt" END)) / 60.0 AS actual
      FROM "Order" o
      WHERE o.status = 'DELIVERED' AND o."deliveredAt" >= (${since.toISOString()}::timestamptz AT TIME ZONE 'UTC')
        AND o."storeId" IS NOT NULL AND o."promisedMinutes" IS NOT NULL
    )
    SELECT s.id AS "storeId", s.name AS "storeName", count(d.actual) AS delivered,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY d.promised) AS "promisedP50",
           percentile_cont(0.9) WITHIN GROUP (ORDER BY d.promised) AS "promisedP90",
           percentile_cont(0.5) WITHIN GROUP (ORDER BY d.actual) AS "actualP50",
           percentile_cont(0.9) WITHIN GROUP (ORDER BY d.actual) AS "actualP90",
           count(*) FILTER (WHERE d.actual < d.promised + 1) AS "onTime"
    FROM "Store" s LEFT JOIN d ON d."storeId" = s.id
    WHERE true ${onlyStore}
    GROUP BY s.id, s.name
    ORDER BY s.name, s.id`;
  return rows.map((r) => {
    const delivered = Number(r.delivered);
    return {
      storeId: r.storeId,
      storeName: r.storeName,
      delivered,
      promisedP50: r.promisedP50,
      promisedP90: r.promisedP90,
      actualP50: r.actualP50,
      actualP90: r.actualP90,
      onTimeShare: delivered ? Number(r.onTime) / delivered : null,
    };
  });
}
