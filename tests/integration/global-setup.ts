import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../scripts/db/embedded.mjs";
import { migrate } from "../../scripts/db/migrator.mjs";
import { ensureDefaultStoreStockMirror } from "../support/default-store-stock";
import { freePort } from "../support/free-port";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

// A fresh, migrated database for every run: on DATABASE_URL's server when it is set (CI: the machine's
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
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await ensureDefaultStoreStockMirror(client);
  await client.end();
  project.provide("databaseUrl", databaseUrl);

  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
    await embedded?.stop();
  };
}
