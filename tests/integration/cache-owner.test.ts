import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseIdentity, keepCacheWithDatabase } from "../../scripts/db/cache-owner.mjs";

// Issue 19 item 2: Next's data cache belongs to its database. After a demo reset the home page listed the old
// database's categories for up to 10 minutes; `npm start` now clears the cache when it was filled from another one.

const nextDir = mkdtempSync(path.join(tmpdir(), "kw-next-"));
const dataCache = path.join(nextDir, "cache", "fetch-cache");
const fill = () => {
  mkdirSync(dataCache, { recursive: true });
  writeFileSync(path.join(dataCache, "entry"), "{}");
};
afterAll(() => rmSync(nextDir, { recursive: true, force: true }));

describe("the data cache's owner", () => {
  it("is cleared on a start with another database, and kept on a start with the same", async () => {
    const url = process.env.DATABASE_URL!;
    const id = await databaseIdentity(url);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // a cache from before the mark: whose it is cannot be known, so it goes
    fill();
    const said: string[] = [];
    expect(await keepCacheWithDatabase(url, { nextDir, log: (m) => said.push(m) })).toBe(true);
    expect(existsSync(dataCache)).toBe(false);
    expect(readFileSync(path.join(nextDir, "cache", "kwikmart-database"), "utf8").trim()).toBe(id);
    expect(said).toEqual(["the page data cache was filled from another database: cleared it"]);

    // the same database again: kept
    fill();
    expect(await keepCacheWithDatabase(url, { nextDir })).toBe(false);
    expect(existsSync(path.join(dataCache, "entry"))).toBe(true);

    // filled from another database (its mark): cleared, and marked as this one's
    writeFileSync(path.join(nextDir, "cache", "kwikmart-database"), "another-database\n");
    expect(await keepCacheWithDatabase(url, { nextDir })).toBe(true);
    expect(existsSync(dataCache)).toBe(false);
  });
});
