// `npm run worker`: the jobs (lib/queue/queues.ts, lib/jobs/jobs.ts) in a process of their own, for a deployment that runs several app
// instances with JOBS=off. Any number of workers may run against one database: pg-boss gives each job to one of them.
// Run with `node --conditions=react-server --import tsx`: the condition is how Next's server bundles resolve the
// `server-only` marker (to an empty module), so the app's server modules load here unchanged.
import { existsSync } from "node:fs";
import path from "node:path";
import { checkDatabaseUrl, redact } from "./db/connect-check.mjs";
import { embeddedDatabaseUrl } from "./db/embedded.mjs";

if (existsSync(".env")) process.loadEnvFile(".env");
const say = (m: string) => console.log(`kwikmart worker: ${m}`);

// With DATABASE_URL unset: the embedded PostgreSQL that `npm start` runs (it must be running), with the password it
// keeps in DATA_DIR/pg-password
const embedded = !process.env.DATABASE_URL;
const databaseUrl =
  process.env.DATABASE_URL ||
  embeddedDatabaseUrl({
    dataDir: path.resolve(process.env.DATA_DIR || ".data"),
    port: Number(process.env.EMBEDDED_PG_PORT || 54329),
  });
process.env.DATABASE_URL = databaseUrl;
if (embedded) process.env.KWIKMART_EMBEDDED_DB = "1";

try {
  await checkDatabaseUrl(databaseUrl);
} catch (error) {
  const hint = embedded
    ? " (DATABASE_URL is unset: this is the embedded database of `npm start`, start the shop first)"
    : "";
  console.error(`kwikmart worker: ${(error as Error).message}${hint}`);
  process.exit(1);
}

// imported after DATABASE_URL is settled: the database client reads it when it loads
const { startWorker, stopWorker, STOP_TIMEOUT_MS } = await import("../lib/jobs/worker");
const { log } = await import("../lib/log");

// pg-boss completes jobs without awaiting; with the database gone that rejection must not end the worker
process.on("unhandledRejection", (error) => log.error({ err: error }, "jobs: unhandled rejection"));

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: letting running jobs finish (up to ${STOP_TIMEOUT_MS / 1000} s)…`);
    void stopWorker().finally(() => {
      say("stopped");
      process.exit(0);
    });
  });
}

await startWorker();
say(`running the jobs on ${redact(databaseUrl)}; Ctrl-C stops`);
