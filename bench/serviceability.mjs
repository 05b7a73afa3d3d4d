// Serviceability lookups (issue 16: under 5 ms of server time). Two halves in one run:
//   1. in-process: BENCH_LOOKUPS (default 10,000) calls of lib/stores checkServiceability against the seeded
//      network (bench/lib/serviceability-inproc.ts), no HTTP: the lookup's own cost;
//   2. over HTTP with autocannon: GET /api/store/serviceability (a served pincode, the unserved 560300,
//      coordinates) and GET /api/store/list beside GET /robots.txt (a trivial route of the same server) in the same
//      run, plus the server's own time per call from its request log ("ms" of each JSON line).
// Starts the production build on its own embedded database with the demo network (or uses BENCH_URL, then the
// in-process half needs BENCH_DATABASE_URL). Usage: npx next build && node bench/serviceability.mjs
// Options (environment): BENCH_SECONDS (per target, default 10), BENCH_CONNECTIONS (default 10), BENCH_LOOKUPS.
import { spawnSync } from "node:child_process";
import { embeddedDatabaseUrl } from "../scripts/db/embedded-password.mjs";
import { measure, percentile } from "./lib/measure.mjs";
import { startServer, stopServer } from "./lib/server.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const lookups = Number(process.env.BENCH_LOOKUPS ?? 10_000);
const dataDir = ".data/bench-serviceability";
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54361);

const TARGETS = [
  { name: "trivial route GET /robots.txt", path: "/robots.txt", trivial: true },
  { name: "GET /api/store/serviceability?pincode=560034", path: "/api/store/serviceability?pincode=560034" },
  { name: "GET /api/store/serviceability?pincode=560300 (not served)", path: "/api/store/serviceability?pincode=560300" },
  { name: "GET /api/store/serviceability?lat=12.9352&lng=77.6245", path: "/api/store/serviceability?lat=12.9352&lng=77.6245" },
  { name: "GET /api/store/list", path: "/api/store/list" },
];

function inProcess(databaseUrl) {
  const run = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "bench/lib/serviceability-inproc.ts", String(lookups)],
    { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" }, encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`in-process lookups failed:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1));
}

/** p50/p95 of the server's own "ms" for requests to `path` logged after `from` (characters of the output). */
function serverTimes(output, from, path) {
  const ms = [];
  for (const line of output.slice(from).split("\n")) {
    if (!line.startsWith("{") || !line.includes('"msg":"request"')) continue;
    try {
      const entry = JSON.parse(line);
      if (entry.path === path && typeof entry.ms === "number") ms.push(entry.ms);
    } catch {}
  }
  ms.sort((a, b) => a - b);
  return ms.length ? { n: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) } : null;
}

const server = startServer({ port: Number(process.env.BENCH_PORT ?? 3311), dataDir, pgPort });
try {
  await server.ready;
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? (server.child ? embeddedDatabaseUrl({ dataDir, port: pgPort }) : null);
  const inproc = databaseUrl ? inProcess(databaseUrl) : null;
  if (inproc) console.error(`in-process: ${JSON.stringify(inproc)}`);

  for (const target of TARGETS) await measure(server.base, target, 2, 2); // warm-up
  const rows = [];
  for (const target of TARGETS) {
    const from = server.output().length;
    const loaded = await measure(server.base, target, connections, seconds);
    const alone = await measure(server.base, target, 1, Math.max(3, Math.round(seconds / 2)));
    const logged = target.trivial ? null : serverTimes(server.output(), from, new URL(target.path, "http://x").pathname);
    rows.push({ target, loaded, alone, logged });
    console.error(`${target.name}: ${loaded.requestsPerSecond} req/s, p95 ${loaded.p95} ms; alone p95 ${alone.p95} ms`);
  }
  const trivial = rows.find((r) => r.target.trivial);
  console.log(`\nbench/serviceability.mjs, ${new Date().toISOString()}, ${connections} connections × ${seconds} s per target\n`);
  if (inproc) {
    console.log(
      `In-process, ${inproc.lookups} lookups over ${inproc.pincodes} pincodes and their neighbourhoods (${inproc.stores} stores): ` +
        `p50 ${inproc.p50Ms} ms, p95 ${inproc.p95Ms} ms, p99 ${inproc.p99Ms} ms, max ${inproc.maxMs} ms, ${inproc.perSecond} lookups/s\n`,
    );
  }
  console.log(`| Target | req/s (${connections} conns) | share of robots.txt | p50 | p95 | 1 conn p50 | 1 conn p95 | server ms p50 / p95 / p99 (log) | errors |`);
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const { target, loaded, alone, logged } of rows) {
    const share = target.trivial ? "—" : `${Math.round((100 * loaded.requestsPerSecond) / trivial.loaded.requestsPerSecond)} %`;
    const server = logged ? `${logged.p50} / ${logged.p95} / ${logged.p99} (n=${logged.n})` : "—";
    console.log(
      `| ${target.name} | ${loaded.requestsPerSecond} | ${share} | ${loaded.p50} ms | ${loaded.p95} ms | ${alone.p50} ms | ${alone.p95} ms | ${server} | ${loaded.errors + alone.errors} |`,
    );
  }
} finally {
  await stopServer(server.child);
}
