// Next's data cache (`.next/cache/fetch-cache`: the catalogue reads of lib/catalog/cache.ts) outlives the database it
// was read from: after a demo reset (delete `.data`, `npm start` again) or with a build pointed at another database,
// the home page listed the old database's categories for up to 10 minutes and their links failed (issue 19 item 2).
// The cache belongs to one database: a mark beside it names the database, and a start on a different one clears it.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * A database's identity: the random id its first applied migration got (`_prisma_migrations`, written once per
 * database by scripts/db/migrator.mjs), so a database made again from scratch is a different one.
 */
export async function databaseIdentity(connectionString) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT id FROM "_prisma_migrations" WHERE rolled_back_at IS NULL ORDER BY started_at, migration_name LIMIT 1`,
    );
    return rows[0]?.id ?? null;
  } finally {
    await client.end();
  }
}

/**
 * Clears Next's data cache in `nextDir` unless it was filled from this database, then marks it as this database's.
 * A cache with no mark (one from before this check) is cleared too. Returns whether it cleared.
 */
export async function keepCacheWithDatabase(connectionString, { nextDir = ".next", log = () => {} } = {}) {
  const id = await databaseIdentity(connectionString);
  if (!id) return false;
  const mark = path.join(nextDir, "cache", "kwikmart-database");
  const owner = existsSync(mark) ? readFileSync(mark, "utf8").trim() : null;
  if (owner === id) return false;
  const dataCache = path.join(nextDir, "cache", "fetch-cache");
  const had = existsSync(dataCache);
  rmSync(dataCache, { recursive: true, force: true });
  mkdirSync(path.dirname(mark), { recursive: true });
  writeFileSync(mark, `${id}\n`);
  if (had) log("the page data cache was filled from another database: cleared it");
  return true;
}
