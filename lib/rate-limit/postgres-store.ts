import "server-only";
import { log } from "@/lib/log";
import { prisma } from "@/lib/db";
import type { RateLimitStore, Window } from "./store";

type Row = { points: number; expiresAt: Date };

/**
 * Counters in the RateLimit table. One statement per hit: an upsert that starts a fresh window when the
 * stored one has expired, so concurrent hits on one key never lose counts.
 */
export const postgresStore: RateLimitStore = {
  async increment(key, windowMs) {
    const rows = await prisma.$queryRaw<Row[]>`
      INSERT INTO "RateLimit" ("key", "points", "expiresAt")
      VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}::double precision))
      ON CONFLICT ("key") DO UPDATE SET
        "points" = CASE WHEN "RateLimit"."expiresAt" <= now() THEN 1 ELSE "RateLimit"."points" + 1 END,
        "expiresAt" = CASE WHEN "RateLimit"."expiresAt" <= now() THEN EXCLUDED."expiresAt" ELSE "RateLimit"."expiresAt" END
      RETURNING "points", "expiresAt"`;
    const row = rows[0]!;
    maybeSweep();
    return { count: row.points, resetAt: row.expiresAt };
  },
  async incrementMany(hits) {
    // one statement, the keys in a fixed order (two callers sharing keys never lock them in opposite orders)
    const rows = await prisma.$queryRaw<(Row & { key: string })[]>`
      INSERT INTO "RateLimit" ("key", "points", "expiresAt")
      SELECT h.key, 1, now() + make_interval(secs => h.seconds)
      FROM unnest(${hits.map((h) => h.key)}::text[], ${hits.map((h) => h.windowMs / 1000)}::double precision[])
        AS h(key, seconds)
      ORDER BY h.key
      ON CONFLICT ("key") DO UPDATE SET
        "points" = CASE WHEN "RateLimit"."expiresAt" <= now() THEN 1 ELSE "RateLimit"."points" + 1 END,
        "expiresAt" = CASE WHEN "RateLimit"."expiresAt" <= now() THEN EXCLUDED."expiresAt" ELSE "RateLimit"."expiresAt" END
      RETURNING "key", "points", "expiresAt"`;
    maybeSweep();
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return hits.map((h) => {
      const row = byKey.get(h.key)!;
      return { count: row.points, resetAt: row.expiresAt };
    });
  },
  async get(key) {
    const rows = await prisma.$queryRaw<Row[]>`
      SELECT "points", "expiresAt" FROM "RateLimit" WHERE "key" = ${key} AND "expiresAt" > now()`;
    const row = rows[0];
    return row ? ({ count: row.points, resetAt: row.expiresAt } satisfies Window) : null;
  },
  async decrement(key) {
    await prisma.$executeRaw`
      UPDATE "RateLimit" SET "points" = GREATEST("points" - 1, 0) WHERE "key" = ${key} AND "expiresAt" > now()`;
  },
  async delete(key) {
    await prisma.$executeRaw`DELETE FROM "RateLimit" WHERE "key" = ${key}`;
  },
};

let lastSweep = 0;
/** Drops long-expired rows now and then, so the table holds only live windows. */
function maybeSweep() {
  const now = Date.now();
  if (now - lastSweep < 10 * 60_000) return;
  lastSweep = now;
  prisma.$executeRaw`DELETE FROM "RateLimit" WHERE "expiresAt" < now() - interval '1 hour'`.catch(
    (error: unknown) => log.warn({ err: error }, "rate-limit: sweeping expired counters failed"),
  );
}
