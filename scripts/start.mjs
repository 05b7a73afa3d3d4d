// `npm start`: the shop with everything it needs. With DATABASE_URL unset it starts the embedded
// PostgreSQL (data in DATA_DIR/pg), applies migrations, seeds the demo catalogue once, builds the app
// if it has not been built, and serves it with `next start`. Shutdown: the app first, the database last.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkDatabaseUrl, redact } from "./db/connect-check.mjs";
import { startEmbeddedPostgres } from "./db/embedded.mjs";
import { keepCacheWithDatabase } from "./db/cache-owner.mjs";
import { migrate } from "./db/migrator.mjs";
import { assertPortFree } from "./db/ports.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
process.chdir(root);
if (existsSync(".env")) process.loadEnvFile(".env");

const dev = process.argv.includes("--dev");
const rebuild = process.argv.includes("--rebuild");
const port = Number(process.env.PORT || 3000);
const dataDir = path.resolve(process.env.DATA_DIR || ".data");
const say = (m) => console.log(`kwikmart: ${m}`);
const fail = (m) => {
  console.error(`kwikmart: ${m}`);
  process.exitCode = 1;
};

let database;
let app;
let stopping = false;

// Long enough for the slowest request to finish: an order transaction may run for up to 30 s (lib/orders/tx.ts).
const DRAIN_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS || 35_000);

async function shutdown(code, signal) {
  if (stopping) return;
  stopping = true;
  const t0 = Date.now();
  if (app && app.exitCode === null) {
    // next start closes its listener (and the connections it has not read a request from yet), lets the requests
    // it has taken up finish, then exits; the database stops only after that
    say(`${signal ?? "stopping"}: finishing the requests in flight…`);
    app.kill("SIGTERM");
    const killer = setTimeout(() => {
      say(`requests still running after ${DRAIN_MS / 1000} s; stopping the app now`);
      app.kill("SIGKILL");
    }, DRAIN_MS);
    await new Promise((r) => (app.exitCode === null && app.signalCode === null ? app.once("exit", r) : r()));
    clearTimeout(killer);
  }
  if (database) {
    await database.stop();
    say(`embedded PostgreSQL stopped`);
  }
  if (signal) say(`stopped in ${Date.now() - t0} ms`);
  process.exit(code);
}

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", env });
    child.once("error", reject);
    child.once("exit", (c) => (c === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${c}`))));
  });
}

function authSecret() {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  const file = path.join(dataDir, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    say(`generated a session secret in ${path.relative(root, file)} (set NEXTAUTH_SECRET to choose your own)`);
  }
  return readFileSync(file, "utf8").trim();
}

async function main() {
  for (const s of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(s, () => void shutdown(0, s));
  await assertPortFree(port, "PORT", "the shop");

  let url = process.env.DATABASE_URL;
  if (url) {
    await checkDatabaseUrl(url);
    say(`using the database at ${redact(url)}`);
  } else {
    const pgPort = Number(process.env.EMBEDDED_PG_PORT || 54329);
    const t0 = Date.now();
    database = await startEmbeddedPostgres({ dataDir, port: pgPort });
    url = database.url;
    say(`embedded PostgreSQL ready on 127.0.0.1:${pgPort} in ${Date.now() - t0} ms (data in ${path.relative(root, dataDir)}/pg)`);
  }

  const applied = await migrate(url, { log: (m) => say(m) });
  if (!applied.length) say("database schema is up to date");

  const env = {
    ...process.env,
    DATABASE_URL: url,
    NEXTAUTH_SECRET: authSecret(),
    NEXTAUTH_URL: process.env.NEXTAUTH_URL || process.env.APP_URL || `http://localhost:${port}`,
    APP_URL: process.env.APP_URL || `http://localhost:${port}`,
    PORT: String(port),
    KWIKMART_EMBEDDED_DB: database ? "1" : "", // allows the test checkout (lib/payments/test-payments.ts)
  };
  if (process.env.SEED !== "false") {
    await run(process.execPath, ["--import", "tsx", "prisma/seed/index.ts", "--if-empty"], env);
  }

  if (!dev && (rebuild || !existsSync(".next/BUILD_ID"))) {
    say("building the shop (first start only; `npm start -- --rebuild` builds again)");
    await run(process.execPath, ["node_modules/next/dist/bin/next", "build"], { ...env, NODE_ENV: "production" });
  }

  // the data cache must be this database's (a demo reset, another DATABASE_URL): scripts/db/cache-owner.mjs
  await keepCacheWithDatabase(url, { nextDir: path.join(root, ".next"), log: say });

  // Idle keep-alive connections are held 65 s (Node's default is 5 s): a client or proxy that reuses a connection
  // just as the server drops it gets ECONNRESET on a request it never saw answered; proxies (nginx, load balancers)
  // keep theirs up to 60 s, so the server should outlast them.
  const nextArgs = dev
    ? ["dev", "-p", String(port)]
    : ["start", "-p", String(port), "--keepAliveTimeout", String(process.env.KEEP_ALIVE_TIMEOUT_MS || 65_000)];
  // the caller's real address and host for the app, whatever X-Forwarded-* a client wrote (scripts/peer-address.cjs)
  const preload = `--require=${path.join(root, "scripts", "peer-address.cjs")}`;
  const NODE_OPTIONS = [process.env.NODE_OPTIONS, preload].filter(Boolean).join(" ");
  // Node flags that NODE_OPTIONS refuses, for the app process only (a profile: APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=X")
  const nodeArgs = (process.env.APP_NODE_ARGS || "").split(" ").filter(Boolean);
  app = spawn(process.execPath, [...nodeArgs, "node_modules/next/dist/bin/next", ...nextArgs], {
    stdio: "inherit",
    env: { ...env, NODE_OPTIONS },
  });
  app.once("exit", (code) => {
    if (!stopping) void shutdown(code ?? 1);
  });
  say(`serving the shop at http://localhost:${port}`);
}

main().catch(async (error) => {
  fail(error.message);
  if (database) await database.stop();
  process.exit(1);
});
