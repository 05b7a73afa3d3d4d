// One cache for many instances (issue 19 item 2): an admin's edit on instance A is seen on instance B's cached product
// page within 1 s. A runs on its own embedded database, B on A's database (DATABASE_URL), as two app servers behind
// one PostgreSQL; with --redis both announce cache changes through Redis (REDIS_URL) instead of NOTIFY. Each round
// renames a product through A's REST call and polls B's product page (cached for 60 s) until the new name shows.
// Usage: npx next build && node bench/instances.mjs [--redis]
import { randomBytes } from "node:crypto";
import pg from "pg";
import { rmSync } from "node:fs";
import { embeddedDatabaseUrl } from "../scripts/db/embedded-password.mjs";
import { startServer, stopServer } from "./lib/server.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3370);
const PG_PORT = 54391;
const useRedis = process.argv.includes("--redis");
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/8";
const dataDir = ".data/bench-instances";
const log = (m) => console.error(`instances: ${m}`);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

for (const dir of [dataDir, `${dataDir}-b`]) rmSync(dir, { recursive: true, force: true });
const shared = { NEXTAUTH_SECRET: randomBytes(32).toString("base64url"), ...(useRedis ? { REDIS_URL } : {}) };
const a = startServer({ port: PORT, dataDir, pgPort: PG_PORT, env: shared });
const dbUrl = embeddedDatabaseUrl({ dataDir, port: PG_PORT });
let b;

async function call(base, path, { method = "GET", token, body } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": "10.89.0.1",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

let exitCode = 1;
try {
  log(`starting instance A (embedded database) and B (on A's database)${useRedis ? ", both on Redis" : ", NOTIFY"}…`);
  await a.ready;
  b = startServer({ port: PORT + 1, dataDir: `${dataDir}-b`, pgPort: PG_PORT + 1, env: { ...shared, DATABASE_URL: dbUrl } });
  await b.ready;
  const login = await call(a.base, "/api/user/login", {
    method: "POST",
    body: { email: "admin@kwikmart.local", password: "Admin@12345" },
  });
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.data.accesstoken;
  // the seed's first product; its canonical page path comes from following any slug
  const page = new URL((await fetch(`${b.base}/product/x-prd00001`)).url).pathname;

  // control: a rename written straight into the database announces nothing, and B keeps serving its cached page
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const silent = `Silent Rename ${randomBytes(3).toString("hex")}`;
  await (await fetch(b.base + page)).text();
  await db.query(`UPDATE "Product" SET name = $1 WHERE id = 'prd00001'`, [silent]);
  await new Promise((r) => setTimeout(r, 2_000));
  const cachedOnB = !(await (await fetch(b.base + page)).text()).includes(silent);
  await db.end();
  log(`control: B still served its cached page 2 s after an unannounced change: ${cachedOnB}`);
  if (!cachedOnB) throw new Error("B's product page is not cached: the bench would measure nothing");

  const seen = [];
  const writes = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const name = `Instance Bench Milk ${round}-${randomBytes(3).toString("hex")}`;
    for (let i = 0; i < 2; i++) await (await fetch(b.base + page)).text(); // B has the page cached
    const t0 = performance.now();
    const update = await call(a.base, "/api/product/update-product-details", {
      method: "PUT",
      token,
      body: { _id: "prd00001", name },
    });
    if (update.status !== 200) throw new Error(`update: ${update.status} ${JSON.stringify(update.body)}`);
    writes.push(performance.now() - t0);
    for (;;) {
      const html = await (await fetch(b.base + page)).text();
      if (html.includes(name)) break;
      if (performance.now() - t0 > 65_000) throw new Error(`round ${round}: B never showed the new name`);
      await new Promise((r) => setTimeout(r, 10));
    }
    seen.push(performance.now() - t0);
  }
  const stats = (xs) => {
    const sorted = [...xs].sort((x, y) => x - y);
    return `${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 95).toFixed(0)} ms | ${sorted.at(-1).toFixed(0)} ms`;
  };
  console.log(`\nbench/instances.mjs, ${new Date().toISOString()}, transport ${useRedis ? "Redis" : "PostgreSQL NOTIFY"}`);
  console.log("| Measure | rounds | p50 | p95 | max |");
  console.log("| --- | --- | --- | --- | --- |");
  console.log(`| admin rename on A: the REST call's answer | ${ROUNDS} | ${stats(writes)} |`);
  console.log(`| … seen on B's cached product page, from the start of the call (polling every 10 ms) | ${ROUNDS} | ${stats(seen)} |`);
  console.log(`| … seen on B, after A answered | ${ROUNDS} | ${stats(seen.map((t, i) => t - writes[i]))} |`);
  exitCode = 0;
} finally {
  await stopServer(b?.child);
  await stopServer(a.child);
  process.exitCode = exitCode;
}
