// Live order events across two app instances (issue 17, "Live tracking" targets): a tap on instance A (the store or
// partner moving an order) reaches a shopper's open stream on instance B within 1 s p95; 500 open SSE connections on
// one instance cost under 100 MB and no error. Instance A runs on its own embedded database, B on A's database
// (DATABASE_URL), as two app servers behind one PostgreSQL; with --redis both announce through Redis pub/sub
// (REDIS_URL) instead of LISTEN/NOTIFY. The same run times GET /robots.txt on B, the static floor.
// Usage: npx next build && node bench/live-events.mjs [--redis]
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { embeddedDatabaseUrl } from "../scripts/db/embedded-password.mjs";
import { startServer, stopServer } from "./lib/server.mjs";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 60);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const PORT = Number(process.env.BENCH_PORT ?? 3360);
const PG_PORT = 54381;
const useRedis = process.argv.includes("--redis");
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/7";
const dataDir = ".data/bench-live";
const log = (m) => console.error(`live-events: ${m}`);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: +percentile(s, 50).toFixed(1), p95: +percentile(s, 95).toFixed(1), max: +s.at(-1).toFixed(1) };
};

for (const dir of [dataDir, `${dataDir}-b`]) rmSync(dir, { recursive: true, force: true });
const shared = { NEXTAUTH_SECRET: randomBytes(32).toString("base64url"), ...(useRedis ? { REDIS_URL } : {}) };
const a = startServer({ port: PORT, dataDir, pgPort: PG_PORT, env: shared });
const dbUrl = embeddedDatabaseUrl({ dataDir, port: PG_PORT });
let b;

/** The resident memory (MB) of the `next-server` process under a started instance. */
function nextServerRssMb(rootPid) {
  const children = new Map();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(pid, ppid);
    } catch {}
  }
  const tree = new Set([String(rootPid)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of children) {
      if (tree.has(pid) || !tree.has(String(ppid))) continue;
      tree.add(pid);
      grew = true;
    }
  }
  let kb = 0;
  for (const pid of tree) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      if (!/^Name:\s*(next-server|node)/m.test(status)) continue;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!/next/.test(cmd) || /start\.mjs/.test(cmd)) continue;
      kb += Number(/VmRSS:\s*(\d+)/.exec(status)?.[1] ?? 0);
    } catch {}
  }
  return kb / 1024;
}

async function json(base, path, { method = "GET", token, body, ip = "10.88.0.1" } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

async function login(base, email, password, ip) {
  const res = await json(base, "/api/user/login", { method: "POST", body: { email, password }, ip });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.accesstoken;
}

/** Opens an order's SSE stream; `next(kind)` resolves with the arrival time of the next event of that kind. */
async function openStream(base, orderNumber, token) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/order/events?orderId=${orderNumber}`, {
    headers: { authorization: `Bearer ${token}`, accept: "text/event-stream", "x-forwarded-for": "10.88.0.2" },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`stream ${orderNumber}: ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const waiting = [];
  const arrived = [];
  let buffer = "";
  let failed = null;
  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const kind = /^event: (.*)$/m.exec(block)?.[1];
          if (!kind) continue;
          const at = performance.now();
          const i = waiting.findIndex((w) => w.kind === kind);
          if (i >= 0) waiting.splice(i, 1)[0].resolve(at);
          else arrived.push({ kind, at });
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) failed = error;
    }
  })();
  return {
    next: (kind) => {
      const i = arrived.findIndex((e) => e.kind === kind);
      if (i >= 0) return Promise.resolve(arrived.splice(i, 1)[0].at);
      return new Promise((resolve, reject) => {
        waiting.push({ kind, resolve });
        setTimeout(() => reject(new Error(`no ${kind} event on ${orderNumber} within 10 s`)), 10_000).unref();
      });
    },
    failed: () => failed,
    close: () => controller.abort(),
  };
}

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
