// App-side migrator: applies prisma/migrations/*/migration.sql in order and records them in Prisma's own
// `_prisma_migrations` table (same columns, checksums and advisory lock), so `prisma migrate status`
// agrees with it. Start-up and tests use this; neither needs Prisma's native schema engine.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const PRISMA_MIGRATE_LOCK = 72707369;
export const MIGRATIONS_DIR = fileURLToPath(new URL("../../prisma/migrations", import.meta.url));

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function listMigrations(dir = MIGRATIONS_DIR) {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"));
      return { name, sql: sql.toString("utf8"), checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/** Applies pending migrations; returns the names applied (empty when up to date). */
export async function migrate(connectionString, { dir = MIGRATIONS_DIR, log = () => {} } = {}) {
  const migrations = await listMigrations(dir);
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${PRISMA_MIGRATE_LOCK})`);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const failed = rows.find((r) => r.finished_at === null);
    if (failed) {
      throw new Error(
        `Migration ${failed.migration_name} failed earlier and was not rolled back; fix the database, then mark it ` +
          `with \`prisma migrate resolve\`.`,
      );
    }
    const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const applied = [];
    for (const m of migrations) {
      if (done.has(m.name)) {
        if (done.get(m.name) !== m.checksum) log(`warning: migration ${m.name} was edited after it was applied`);
        continue;
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
          [id, m.checksum, m.name],
        );
        await client.query(m.sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${error.message}`, { cause: error });
      }
      applied.push(m.name);
      log(`applied migration ${m.name}`);
    }
    return applied;
  } finally {
    await client.query(`SELECT pg_advisory_unlock(${PRISMA_MIGRATE_LOCK})`).catch(() => {});
    await client.end();
  }
}
