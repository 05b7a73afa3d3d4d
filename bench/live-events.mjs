// Live order events across two app instances (issue 17, "Live tracking" targets): a tap on instance A (the store or
// partner moving an order) reaches a shopper's open stream on instance B within 1 s p95; 500 open SSE connections on
// one instance cost under 100 MB and no error. Instance A runs on its own embedded database, B on A's database
// (DATABASE_URL), as two app servers behind one PostgreSQL; with --redis both announce through Redis pub/sub
// (REDIS_URL) instead of LISTEN/NOTIFY. The same run times GET /robots.txt on B, the static floor.
// Usage: npx next build && node bench/live-events.mjs [--redis]
import { rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { embeddedDatabaseUrl } from "../scripts/db/embedded-password.mjs";
import { json, login, nextServerRssMb, openStream, summary } from "./lib/client.mjs";
import { startServer, stopServer } from "./lib/server.mjs";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 60);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const PORT = Number(process.env.BENCH_PORT ?? 3360);
const PG_PORT = 54381;
const useRedis = process.argv.includes("--redis");
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/7";
const dataDir = ".data/bench-live";
const log = (m) => console.error(`live-events: ${m}`);

for (const dir of [dataDir, `${dataDir}-b`]) rmSync(dir, { recursive: true, force: true });
const shared = { NEXTAUTH_SECRET: randomBytes(32).toString("base64url"), ...(useRedis ? { REDIS_URL } : {}) };
const a = startServer({ port: PORT, dataDir, pgPort: PG_PORT, env: shared });
const dbUrl = embeddedDatabaseUrl({ dataDir, port: PG_PORT });
let b;

const db = new pg.Client({ connectionString: dbUrl });
let exitCode = 1;
try {
  log(`starting instance A (embedded database) and B (on A's database)${useRedis ? ", both on Redis pub/sub" : ""}…`);
  await a.ready;
  b = startServer({ port: PORT + 1, dataDir: `${dataDir}-b`, pgPort: PG_PORT + 1, env: { ...shared, DATABASE_URL: dbUrl } });
  await b.ready;
  await db.connect();
  const admin = await login(a.base, "admin@kwikmart.local", "Admin@12345", "10.88.0.3");
  const shopper = await login(b.base, "shopper@kwikmart.local", "Shopper@12345", "10.88.0.4");
  const { rows: users } = await db.query(`SELECT id FROM "User" WHERE email = 'shopper@kwikmart.local'`);
  const runId = Date.now().toString(36).toUpperCase();
  const orderNumbers = [];
  for (let i = 0; i < Math.max(ORDERS, STREAMS); i++) {
    const number = `KM-LV${runId}-${i}`;
    await db.query(
      `INSERT INTO "Order" (id, "orderNumber", "userId", status, "paymentMethod", "subtotalPaise", "totalPaise",
         "itemCount", "addressSnapshot", "storeId", "updatedAt")
       VALUES ($1, $2, $3, 'PLACED', 'CARD', 10000, 10000, 1, '{}', 'main', now())`,
      [`lv${runId}${i}`.toLowerCase(), number, users[0].id],
    );
    // a partner on it, so the store may send it out for delivery
    await db.query(
      `INSERT INTO "PartnerAssignment" (id, "orderId", "partnerId", "etaMinutes", "etaAt")
       VALUES ($1, $2, 'dp01', 10, now() + interval '10 minutes')`,
      [`pa${runId}${i}`.toLowerCase(), `lv${runId}${i}`.toLowerCase()],
    );
    orderNumbers.push(number);
  }

  // 1. a tap on A, seen on B: each order's stream is open on B, the store moves it on A (PACKED, then OUT_FOR_DELIVERY)
  const latencies = [];
  const floor = [];
  for (const number of orderNumbers.slice(0, ORDERS)) {
    const stream = await openStream(b.base, number, shopper);
    for (const status of ["PACKED", "OUT_FOR_DELIVERY"]) {
      const t0 = performance.now();
      const seen = stream.next("status");
      const put = await json(a.base, "/api/order/status", { method: "PUT", token: admin, body: { orderId: number, status } });
      if (put.status !== 200) throw new Error(`status ${status} on ${number}: ${put.status} ${JSON.stringify(put.body)}`);
      latencies.push((await seen) - t0);
      const f0 = performance.now();
      await (await fetch(`${b.base}/robots.txt`)).text();
      floor.push(performance.now() - f0);
    }
    stream.close();
  }
  const tap = summary(latencies);
  log(`tap on A → event on B: ${JSON.stringify(tap)} ms; GET /robots.txt on B ${JSON.stringify(summary(floor))} ms`);

  // 2. STREAMS open connections on B, each its own order; memory before and after, and an event still reaches one
  await new Promise((r) => setTimeout(r, 1_000));
  const before = nextServerRssMb(b.child.pid);
  const streams = [];
  let openErrors = 0;
  for (let i = 0; i < STREAMS; i += 50) {
    const batch = await Promise.allSettled(
      orderNumbers.slice(i, Math.min(STREAMS, i + 50)).map((n) => openStream(b.base, n, shopper)),
    );
    for (const r of batch) {
      if (r.status === "fulfilled") streams.push(r.value);
      else openErrors++;
    }
  }
  await new Promise((r) => setTimeout(r, 3_000));
  const after = nextServerRssMb(b.child.pid);
  const lastOrder = orderNumbers[STREAMS - 1];
  const t0 = performance.now();
  const seen = streams.at(-1).next("status");
  await json(a.base, "/api/order/status", { method: "PUT", token: admin, body: { orderId: lastOrder, status: "PACKED" } });
  const withAllOpen = (await seen) - t0;
  const streamErrors = streams.filter((s) => s.failed()).length;
  for (const s of streams) s.close();
  const memory = { streams: streams.length, openErrors, streamErrors, rssBeforeMb: +before.toFixed(1), rssAfterMb: +after.toFixed(1), costMb: +(after - before).toFixed(1) };
  log(`${STREAMS} open streams on B: ${JSON.stringify(memory)}; an event with all open arrived in ${withAllOpen.toFixed(1)} ms`);

  const ok = tap.p95 <= 1000 && memory.costMb < 100 && openErrors === 0 && streamErrors === 0;
  console.log(
    JSON.stringify(
      { transport: useRedis ? "redis" : "postgres", tapAtoB: tap, robotsOnB: summary(floor), memory, eventWithAllOpenMs: +withAllOpen.toFixed(1), verdict: ok ? "PASS" : "FAIL" },
      null,
      2,
    ),
  );
  exitCode = ok ? 0 : 1;
} catch (error) {
  log(`failed: ${error.stack ?? error}`);
  log(a.output().slice(-2000));
  if (b) log(b.output().slice(-2000));
} finally {
  await db.end().catch(() => {});
  if (b) await stopServer(b.child);
  await stopServer(a.child);
  process.exit(exitCode);
}
