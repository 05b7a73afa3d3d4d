// Many instances, for real (issue 19 items 2 and 5). Two app instances on one database: A on its own embedded
// PostgreSQL, B on A's (DATABASE_URL); with --redis both use Redis (REDIS_URL) for cache invalidations, live events
// and rate limits instead of PostgreSQL NOTIFY and tables.
// 1. An admin's edit on A is seen on B's cached product page: each round renames a product through A's REST call and
//    polls B's page (cached for 60 s) until the new name shows; a control first proves B serves that page from cache.
// With --nginx (Debian's nginx: `apt-get install nginx`), both behind one nginx address, as deployed (README,
// "Many instances"):
// 2. req/s of /robots.txt, the product page and the product API through nginx (10 connections);
// 3. a live order event: the order's stream open through nginx, the order moved on A and on B directly;
// 4. one instance killed (SIGKILL) under load through nginx: errors only on its in-flight requests; cash orders placed
//    through nginx meanwhile (a client retrying with its Idempotency-Key) are audited: none lost, none twice.
// Usage: npx next build && node bench/instances.mjs [--redis] [--nginx]
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { embeddedDatabaseUrl } from "../scripts/db/embedded-password.mjs";
import { json, loadPage, login, openStream, PAGE_LOAD_HEADERS, processTree, summary } from "./lib/client.mjs";
import { jsonPost, measure } from "./lib/measure.mjs";
import { orderTrickle } from "./lib/order-trickle.mjs";
import { startServer, stopServer } from "./lib/server.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3370);
const NGINX_PORT = PORT + 10;
const PG_PORT = 54391;
const useRedis = process.argv.includes("--redis");
const useNginx = process.argv.includes("--nginx");
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/8";
const dataDir = ".data/bench-instances";
const log = (m) => console.error(`instances: ${m}`);
const row = (label, n, s) => `| ${label} | ${n} | ${s.p50} ms | ${s.p95} ms | ${s.max} ms |`;

if (useNginx && spawnSync("nginx", ["-v"]).error) throw new Error("--nginx needs nginx: apt-get install nginx");
for (const dir of [dataDir, `${dataDir}-b`]) rmSync(dir, { recursive: true, force: true });
const shared = {
  NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
  ...(useRedis ? { REDIS_URL } : {}),
  // behind nginx the bench plays a CDN in front of it that writes each shopper's own address (README, TRUST_PROXY),
  // so the per-address placement limits count shoppers, not the bench's one loopback address
  ...(useNginx ? { TRUST_PROXY: "2" } : {}),
};
const a = startServer({ port: PORT, dataDir, pgPort: PG_PORT, env: shared });
const dbUrl = embeddedDatabaseUrl({ dataDir, port: PG_PORT });
let b;
let nginx;

/** nginx in front of both instances, its files under the bench's data directory; resolves once it answers. */
async function startNginx() {
  const prefix = path.resolve(dataDir, "nginx");
  mkdirSync(prefix, { recursive: true });
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  upstream kwikmart {
    server 127.0.0.1:${PORT} max_fails=1 fail_timeout=5s;
    server 127.0.0.1:${PORT + 1} max_fails=1 fail_timeout=5s;
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${NGINX_PORT};
    location / {
      proxy_pass http://kwikmart;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # live streams (/api/order/events): no buffering, longer than the 15 s heartbeat
      proxy_buffering off;
      proxy_read_timeout 60s;
      # a cached page's policy lists its inline scripts' hashes: headers of 5-8 KB, above the 4 KB default
      proxy_buffer_size 16k;
      proxy_buffers 8 16k;
    }
  }
}
`,
  );
  const child = spawn("nginx", ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${NGINX_PORT}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/robots.txt`)).ok) return { child, base };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer on ${base}`);
}

/** 1: rounds of a rename on A seen on B (and on every base in `watch`). */
async function editSeenElsewhere(token, page, watch) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const silent = `Silent Rename ${randomBytes(3).toString("hex")}`;
  for (const base of watch) await (await loadPage(base + page)).text();
  await db.query(`UPDATE "Product" SET name = $1 WHERE id = 'prd00001'`, [silent]);
  await new Promise((r) => setTimeout(r, 2_000));
  const cached = [];
  for (const base of watch) cached.push(!(await (await loadPage(base + page)).text()).includes(silent));
  await db.end();
  log(`control: 2 s after an unannounced change the cached page is still served: ${cached.join(", ")}`);
  if (cached.includes(false)) throw new Error("a product page is not cached: the bench would measure nothing");

  const writes = [];
  const seen = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const name = `Instance Bench Milk ${round}-${randomBytes(3).toString("hex")}`;
    for (const base of watch) for (let i = 0; i < 2; i++) await (await loadPage(base + page)).text();
    const t0 = performance.now();
    const update = await json(a.base, "/api/product/update-product-details", {
      method: "PUT",
      token,
      body: { _id: "prd00001", name },
      ip: "10.89.0.1",
    });
    if (update.status !== 200) throw new Error(`update: ${update.status} ${JSON.stringify(update.body)}`);
    writes.push(performance.now() - t0);
    let latest = 0;
    for (const base of watch) {
      for (;;) {
        const html = await (await loadPage(base + page)).text();
        if (html.includes(name)) break;
        if (performance.now() - t0 > 65_000) throw new Error(`round ${round}: ${base} never showed the new name`);
        await new Promise((r) => setTimeout(r, 10));
      }
      latest = Math.max(latest, performance.now() - t0);
    }
    seen.push(latest);
  }
  return { writes: summary(writes), seen: summary(seen), afterAnswer: summary(seen.map((t, i) => t - writes[i])) };
}

/** 3: a status change on A and on B, each seen on a stream opened through nginx. */
async function eventsThroughNginx(front, admin, shopperToken) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const { rows } = await db.query(`SELECT id FROM "User" WHERE email = 'shopper@kwikmart.local'`);
  const run = Date.now().toString(36);
  const latencies = [];
  for (let i = 0; i < 10; i++) {
    const id = `ni${run}${i}`;
    const number = `KM-NI${run.toUpperCase()}-${i}`;
    await db.query(
      `INSERT INTO "Order" (id, "orderNumber", "userId", status, "paymentMethod", "subtotalPaise", "totalPaise",
         "itemCount", "addressSnapshot", "storeId", "updatedAt")
       VALUES ($1, $2, $3, 'PLACED', 'CARD', 10000, 10000, 1, '{}', 'main', now())`,
      [id, number, rows[0].id],
    );
    await db.query(
      `INSERT INTO "PartnerAssignment" (id, "orderId", "partnerId", "etaMinutes", "etaAt")
       VALUES ($1, $2, 'dp01', 10, now() + interval '10 minutes')`,
      [`pa${id}`, id],
    );
    const stream = await openStream(front, number, shopperToken);
    for (const [status, base] of [
      ["PACKED", a.base],
      ["OUT_FOR_DELIVERY", b.base],
    ]) {
      const t0 = performance.now();
      const arrived = stream.next("status");
      const put = await json(base, "/api/order/status", { method: "PUT", token: admin, body: { orderId: number, status } });
      if (put.status !== 200) throw new Error(`status ${status}: ${put.status} ${JSON.stringify(put.body)}`);
      latencies.push((await arrived) - t0);
    }
    stream.close();
  }
  await db.end();
  return summary(latencies);
}

/** 4: load through nginx on a page and an API call, and cash orders; B is killed after a third of the run. */
async function killUnderLoad(front, page) {
  const seconds = Math.max(9, SECONDS);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  // an order every 150 ms, each from its own shopper, retried through nginx after a dropped connection or a 502
  const orders = await orderTrickle(front, db, { count: Math.ceil((seconds * 1000) / 150) + 10, everyMs: 150, tries: 5 });
  orders.start();
  const runs = [
    measure(front, { path: page, headers: PAGE_LOAD_HEADERS }, 5, seconds),
    measure(front, { path: "/api/product/get-product-details", ...jsonPost({ productId: "prd00002" }) }, 5, seconds),
  ];
  await new Promise((r) => setTimeout(r, (seconds * 1000) / 3));
  const victims = [...processTree(b.child.pid)];
  for (const pid of victims) {
    try {
      process.kill(Number(pid), "SIGKILL");
    } catch {}
  }
  log(`killed instance B (${victims.length} processes) under load`);
  const [pageRun, apiRun] = await Promise.all(runs);
  const placed = await orders.stop();
  const audit = await auditOrders(db, placed);
  await db.end();
  return { pageRun, apiRun, placed, audit };
}

/** Every order a client was told about exists once; every order made was told to its client; no key made two. */
async function auditOrders(db, placed) {
  const { rows } = await db.query(
    `SELECT "orderNumber", "idempotencyKey" FROM "Order" WHERE "userId" = ANY($1)`,
    [placed.shoppers.map((s) => s.userId)],
  );
  const made = new Map();
  for (const r of rows) made.set(r.idempotencyKey, [...(made.get(r.idempotencyKey) ?? []), r.orderNumber]);
  const answered = placed.answers.filter((a) => a.status === 201);
  return {
    tried: placed.answers.length,
    answered201: answered.length,
    retried: placed.answers.filter((a) => a.tries > 1).length,
    failedAfterRetries: placed.answers.filter((a) => a.status === 0 || a.status >= 500).length,
    lost: answered.filter((a) => !(made.get(a.key) ?? []).includes(a.orderId)).length,
    madeButNotAnswered: [...made.keys()].filter((k) => !answered.some((a) => a.key === k)).length,
    keysWithTwoOrders: [...made.values()].filter((numbers) => numbers.length > 1).length,
    refused: placed.refused,
  };
}

let exitCode = 1;
try {
  log(`starting instance A (embedded database) and B (on A's database), ${useRedis ? "Redis" : "PostgreSQL NOTIFY"}…`);
  await a.ready;
  b = startServer({ port: PORT + 1, dataDir: `${dataDir}-b`, pgPort: PG_PORT + 1, env: { ...shared, DATABASE_URL: dbUrl } });
  await b.ready;
  const admin = await login(a.base, "admin@kwikmart.local", "Admin@12345", "10.89.0.1");
  const canonical = async () => new URL((await fetch(`${b.base}/product/x-prd00001`)).url).pathname;
  let page = await canonical();
  const lines = [`\nbench/instances.mjs, ${new Date().toISOString()}, ${useRedis ? "Redis" : "PostgreSQL NOTIFY"}${useNginx ? ", nginx in front" : ""}`];

  const edit = await editSeenElsewhere(admin, page, [b.base, ...(useNginx ? [a.base] : [])]);
  const where = useNginx ? "A and B" : "B";
  lines.push("| Measure | n | p50 | p95 | max |", "| --- | --- | --- | --- | --- |");
  lines.push(row("admin rename on A: the REST call's answer", ROUNDS, edit.writes));
  lines.push(row(`… seen on ${where}'s cached product page, from the call's start (polling every 10 ms)`, ROUNDS, edit.seen));
  lines.push(row(`… seen on ${where}, after A answered`, ROUNDS, edit.afterAnswer));

  if (useNginx) {
    page = await canonical(); // the renames moved the product's slug (the old one answers 308)
    nginx = await startNginx();
    const shopper = await login(nginx.base, "shopper@kwikmart.local", "Shopper@12345", "10.89.0.2");
    const events = await eventsThroughNginx(nginx.base, admin, shopper);
    lines.push(row("order moved on A or B → status event on a stream opened through nginx", events.n, events));
    const targets = [
      { name: "GET /robots.txt (static route)", path: "/robots.txt" },
      { name: `GET ${page}`, path: page, headers: PAGE_LOAD_HEADERS },
      { name: "POST /api/product/get-product-details", path: "/api/product/get-product-details", ...jsonPost({ productId: "prd00001" }) },
    ];
    for (const t of targets) await measure(nginx.base, t, 2, 2);
    lines.push("", "| Through nginx, 10 connections | req/s | ÷ static route | p50 | p95 | errors |", "| --- | --- | --- | --- | --- | --- |");
    let staticRate = 0;
    for (const t of targets) {
      const r = await measure(nginx.base, t, 10, SECONDS);
      staticRate ||= r.requestsPerSecond;
      lines.push(`| ${t.name} | ${r.requestsPerSecond} | ${Math.round((100 * r.requestsPerSecond) / staticRate)} % | ${r.p50} ms | ${r.p95} ms | ${r.errors} |`);
    }
    const { pageRun, apiRun, audit } = await killUnderLoad(nginx.base, page);
    lines.push("", "| B killed (SIGKILL) a third into the run, 5 connections each | requests | errors |", "| --- | --- | --- |");
    lines.push(`| GET ${page} | ${pageRun.requests} | ${pageRun.errors} |`);
    lines.push(`| POST /api/product/get-product-details | ${apiRun.requests} | ${apiRun.errors} |`);
    lines.push("", `Cash orders through nginx meanwhile (one every 150 ms, retried with the same Idempotency-Key): ${JSON.stringify(audit)}`);
    if (audit.lost || audit.keysWithTwoOrders || audit.madeButNotAnswered) log("ORDER AUDIT FAILED: an order was lost or made twice");
    const stillServing = (await loadPage(nginx.base + page)).status;
    lines.push(`\nAfter the kill nginx still serves the product page from A: ${stillServing}.`);
  }
  console.log(lines.join("\n"));
  exitCode = 0;
} finally {
  nginx?.child.kill("SIGTERM");
  if (b?.child && b.child.signalCode === null) await stopServer(b.child); // not when the kill test took it down
  await stopServer(a.child);
  process.exitCode = exitCode;
}
