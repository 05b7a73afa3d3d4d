// Mixed shopping load against the production build (issue 8): BENCH_SHOPPERS virtual shoppers (default 200) loop for
// BENCH_SECONDS (default 120) through browse → search → cart → checkout (cash on delivery or card through the local
// test checkout), with the rate limits on. Then throughput, p50/p95/p99 per kind of request and overall, the error
// rate, and an audit of the database; exits non-zero when the audit is not clean or errors exceed 0.1%.
//
//   npx next build && node bench/load.mjs                 one instance on its own embedded PostgreSQL
//   node bench/load.mjs --instances=2                     two `next start` processes on one PostgreSQL and one Redis
//
// Shoppers are written into the database before the run (registration is limited per client address), then each
// logs in through POST /api/user/login from its own address. With two instances each shopper logs in on one and
// shops on the other. Ports: BENCH_PORT (3440, and +1), BENCH_PG_PORT (54440); REDIS_URL (redis://127.0.0.1:6379/7).
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import Redis from "ioredis";
import pg from "pg";
import { embeddedDatabaseUrl } from "../scripts/db/embedded-password.mjs";
import { crossInstanceSessions, sharedRateLimits } from "./lib/instances.mjs";
import { createShoppers, logInAll, newRunId, preparePool, stockOf } from "./lib/load-prep.mjs";
import { audit, figures, totals } from "./lib/load-report.mjs";
import { LOAD_SETTINGS, runLoad, warmUp } from "./lib/load-run.mjs";
import { startServer, stopServer } from "./lib/server.mjs";
import { createRecorder } from "./lib/shopper.mjs";

const instances = Number(process.argv.find((a) => a.startsWith("--instances="))?.split("=")[1] ?? 1);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const PORT = Number(process.env.BENCH_PORT ?? 3440);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54440);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/7";
const dataDir = ".data/bench-load";
const log = (m) => console.error(`load: ${m}`);

if (![1, 2].includes(instances)) throw new Error("--instances must be 1 or 2");
// a fresh database each run: the demo catalogue with its partners, nothing left from an earlier run
for (const dir of [dataDir, `${dataDir}-b`]) rmSync(dir, { recursive: true, force: true });

// the shoppers pay by card through the local test checkout; the second instance runs on DATABASE_URL (not the
// embedded database scripts/start.mjs started), so it must be allowed by name (lib/payments/test-payments.ts)
const shared = { NEXTAUTH_SECRET: randomBytes(32).toString("base64url"), ALLOW_TEST_PAYMENTS: "1" };
if (instances === 2) {
  // the rate-limit counters of both instances live in Redis (database 7 is this bench's; nothing else is touched)
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  await redis.quit();
  shared.REDIS_URL = REDIS_URL;
}
const servers = [startServer({ port: PORT, dataDir, pgPort: PG_PORT, env: shared })];
const dbUrl = embeddedDatabaseUrl({ dataDir, port: PG_PORT });
const db = new pg.Client({ connectionString: dbUrl });
let exitCode = 1;
try {
  log(`starting ${instances} instance(s)…`);
  await servers[0].ready;
  if (instances === 2) {
    // the second `next start` on the first one's database (migrations and seed are already there)
    servers.push(startServer({ port: PORT + 1, dataDir: `${dataDir}-b`, pgPort: PG_PORT + 1, env: { ...shared, DATABASE_URL: dbUrl } }));
    await servers[1].ready;
  }
  const bases = servers.map((s) => s.base);
  await db.connect();

  const runId = newRunId();
  const pool = await preparePool(db);
  const t0 = performance.now();
  const shoppers = await createShoppers(db, SHOPPERS + (instances === 2 ? 3 : 0), runId);
  const extra = instances === 2 ? shoppers.splice(SHOPPERS, 3) : [];
  // with two instances: log in on one, shop on the other, for the whole run
  for (const s of shoppers) {
    s.base = bases[s.i % bases.length];
    s.loginBase = bases[(s.i + 1) % bases.length];
  }
  await logInAll(shoppers, (s) => s.loginBase);
  log(`${shoppers.length} shoppers created and logged in in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  let twoInstances;
  if (instances === 2) {
    twoInstances = {
      sessions: await crossInstanceSessions(bases, extra[0]),
      rateLimits: await sharedRateLimits(bases, [extra[1], extra[2]]),
    };
    // and the counters behind that are in Redis, not in PostgreSQL's fallback table
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    twoInstances.rateLimits.countersInRedis = (await redis.keys("kwikmart:rl:*")).length;
    await redis.quit();
    twoInstances.rateLimits.countersInPostgres = (await db.query(`SELECT count(*)::int AS n FROM "RateLimit"`)).rows[0].n;
    twoInstances.rateLimits.ok &&= twoInstances.rateLimits.countersInRedis > 0 && twoInstances.rateLimits.countersInPostgres === 0;
    log(`two instances: ${JSON.stringify(twoInstances)}`);
  }

  const tw = performance.now();
  for (const base of bases) await warmUp(base, pool);
  log(`warmed up in ${((performance.now() - tw) / 1000).toFixed(1)} s`);
  const stockBefore = await stockOf(db, pool);
  const rec = createRecorder();
  log(`running ${SHOPPERS} shoppers for ${SECONDS} s…`);
  const { outcomes, wallSeconds } = await runLoad({ shoppers, pool, seconds: SECONDS, rec });
  const outcome = totals(outcomes);
  const report = figures(rec.records, wallSeconds);
  const verdict = await audit(db, {
    pool,
    stockBefore,
    userPrefix: `bench${runId}u`,
    placed: outcome.codPlaced + outcome.cardPlaced,
    paid: outcome.cardPaid,
  });
  const errorsOk = report.errorRatePercent < 0.1;
  // a run in which nobody managed to check out proves nothing about orders and stock
  const checkedOut = outcome.codPlaced + outcome.cardPlaced > 0;
  const twoOk = !twoInstances || (twoInstances.sessions.ok && twoInstances.rateLimits.ok);
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        instances,
        shoppers: SHOPPERS,
        seconds: SECONDS,
        ...LOAD_SETTINGS,
        shopperOutcomes: outcome,
        ...report,
        twoInstances,
        audit: verdict,
        verdict:
          verdict.verdict === "CLEAN" && errorsOk && twoOk && checkedOut
            ? "CLEAN"
            : `NOT CLEAN (${[verdict.verdict !== "CLEAN" && "audit", !errorsOk && "error rate", !twoOk && "two instances", !checkedOut && "no checkout completed"].filter(Boolean).join(", ")})`,
      },
      null,
      2,
    ),
  );
  exitCode = verdict.verdict === "CLEAN" && errorsOk && twoOk && checkedOut ? 0 : 1;
} finally {
  await db.end().catch(() => {});
  // the second instance first: the first one owns the embedded database
  for (const s of servers.reverse()) await stopServer(s.child);
}
process.exit(exitCode);
