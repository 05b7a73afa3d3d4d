import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../scripts/db/embedded.mjs";
import { migrate } from "../../scripts/db/migrator.mjs";
import { freePort } from "../support/free-port";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseCopies: number;
  }
}

// A fresh, migrated database for every run (and a copy of it per worker): on DATABASE_URL's server when it is set (CI: the machine's
// PostgreSQL 15), otherwise on an embedded PostgreSQL 18 this setup starts itself.
export default async function setup(project: TestProject) {
  let serverUrl = process.env.DATABASE_URL;
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.resolve(".data/test"),
      port: await freePort(),
      database: "postgres",
    });
    serverUrl = embedded.url;
  }
  const name = `test_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await migrate(databaseUrl);

  // The files run in maxWorkers workers (vitest.config.ts), one after another in each; every worker gets its own
  // copy of the migrated database (a template copy takes a moment), so files in different workers never see each
  // other's rows. setup.ts picks the copy by VITEST_POOL_ID, which can run past maxWorkers when a command line
  // narrows the workers, hence a few spare copies and the modulo there.
  const count = Math.max(Number(project.globalConfig.maxWorkers) || 1, 4);
  const copies = Array.from({ length: count }, (_, i) => `${name}_w${i + 1}`);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  for (const copy of copies) await client.query(`CREATE DATABASE ${copy} TEMPLATE ${name}`);
  await client.end();
  project.provide("databaseUrl", databaseUrl);
  project.provide("databaseCopies", count);

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    for (const db of [...copies, name]) await cleanup.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await cleanup.end();
    await embedded?.stop();
  };
}
