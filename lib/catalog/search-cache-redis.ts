import "server-only";
import { createHash } from "node:crypto";
import Redis from "ioredis";
import { prisma } from "@/lib/db";
import { log } from "@/lib/log";
import type { RankingStore } from "./search-cache";

// Search rankings in Redis (REDIS_URL), shared by every app instance (search-cache.ts says what a ranking is).
//
// A ranking is one list: its first element "<total>:<kept>", then the kept ids in order, so a page is one LRANGE
// of its ids (with the first element, in one MULTI). The versions are counters: "kwikmart:search:v" (catalogue
// changes) and "kwikmart:search:v:<storeId>" (that store's stock); a ranking's key holds the versions read before it
// was ranked, so raising one retires every ranking made before, on every instance at once; they expire by their TTL.
// Every key is scoped by the database's identity (the id its first migration got, as scripts/db/cache-owner.mjs reads
// it): after a demo reset on the same Redis, the new database never reads the old one's rankings or versions.
// Redis is an accelerator here, never a dependency: any failure or a reply slower than 250 ms answers "not kept"
// (the search ranks in the database, as without it) and is logged, and this instance leaves Redis alone for 5 s.

const PREFIX = "kwikmart:search:";
const BYPASS_MS = 5_000;
const catalogueVersion = (scope: string) => `${scope}v`;
const storeVersion = (scope: string, storeId: string) => `${scope}v:${storeId}`;
const listKey = (scope: string, key: string) =>
  `${scope}r:${createHash("sha1").update(key).digest("base64url")}`;

let identity: Promise<string> | null = null;

/** "kwikmart:search:<database identity>:", read once per process (again after a failed read). */
function databaseScope(): Promise<string> {
  identity ??= prisma.$queryRaw<{ id: string }[]>`
      SELECT id FROM "_prisma_migrations" WHERE rolled_back_at IS NULL ORDER BY started_at, migration_name LIMIT 1`
    .then((rows) => `${PREFIX}${rows[0]?.id ?? "unmigrated"}:`)
    .catch((error: unknown) => {
      identity = null;
      throw error;
    });
  return identity;
}

/** `ttlMs`: how long a ranking lives (this instance bypasses them that long after failing to raise a version). */
export function redisRankings(url: string, ttlMs: number): RankingStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 250, connectTimeout: 1_000 });
  redis.on("error", (error: Error) => log.warn({ reason: error.message }, "search rankings: redis error"));
  // after a failure, searches skip Redis for a few seconds instead of each waiting for its own failure
  let bypassUntil = 0;
  const failed = (what: string) => (error: Error) => {
    log.warn({ reason: error.message }, `search rankings: redis ${what} failed`);
    bypassUntil = Math.max(bypassUntil, Date.now() + BYPASS_MS);
    return null;
  };
  // this process's bumps, in order: a search after a change made here reads the raised version
  let bumps: Promise<unknown> = Promise.resolve();

  return {
    async version(storeId) {
      await bumps;
      if (Date.now() < bypassUntil) return null;
      const scope = await databaseScope().catch(failed("database identity"));
      if (scope === null) return null;
      if (storeId === null)
        return redis.get(catalogueVersion(scope)).then((v) => v ?? "0", failed("version read"));
      return redis
        .mget(catalogueVersion(scope), storeVersion(scope, storeId))
        .then(([catalogue, store]) => `${catalogue ?? "0"}.${store ?? "0"}`, failed("version read"));
    },
    async slice(key, offset, limit) {
      const scope = await databaseScope().catch(failed("database identity"));
      if (scope === null) return null;
      const list = listKey(scope, key);
      const replies = await redis
        .multi()
        .lrange(list, 0, 0)
        .lrange(list, offset + 1, offset + limit)
        .exec()
        .catch(failed("read"));
      if (!replies || replies.some(([error]) => error)) return null;
      const [head] = replies[0]![1] as string[];
      if (head === undefined) return null;
      const [total, kept] = head.split(":").map(Number);
      if (!Number.isSafeInteger(total) || !Number.isSafeInteger(kept)) return null;
      return { total: total!, kept: kept!, ids: replies[1]![1] as string[] };
    },
    async keep(key, _storeId, ranking, ttlMs) {
      const scope = await databaseScope().catch(failed("database identity"));
      if (scope === null) return;
      const list = listKey(scope, key);
      await redis
        .multi()
        .del(list)
        .rpush(list, `${ranking.total}:${ranking.ids.length}`, ...ranking.ids)
        .pexpire(list, ttlMs)
        .exec()
        .catch(failed("write"));
    },
    bump(storeId) {
      bumps = bumps.then(() =>
        databaseScope()
          .then((scope) =>
            redis.incr(storeId === null ? catalogueVersion(scope) : storeVersion(scope, storeId)),
          )
          .catch((error: Error) => {
            failed("version raise")(error);
            // the rankings older than this change were not retired: this instance stops reading them until they have
            // expired (other instances may serve them that long; the failure is logged)
            bypassUntil = Math.max(bypassUntil, Date.now() + ttlMs);
          }),
      );
    },
    async close() {
      redis.disconnect();
    },
  };
}
