import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, migrate } from "../../scripts/db/migrator.mjs";

// The dark-stores migration on a shop that already trades: products with stock, a saved address. It must turn the
// one implicit store into the default store with that stock, and the ledger must sum to it.
const STORES_MIGRATION = "20261125131600_dark_stores";
const serverUrl = process.env.DATABASE_URL!;
const name = `stores_mig_${randomBytes(5).toString("hex")}`;
const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
let before: string;
let db: pg.Client;

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await db.query(sql, params)).rows as T[];

beforeAll(async () => {
  await onServer(`CREATE DATABASE ${name}`);
  // the migrations up to the one before stores
  before = await mkdtemp(path.join(os.tmpdir(), "km-mig-"));
  for (const entry of await readdir(MIGRATIONS_DIR)) {
    if (entry >= STORES_MIGRATION && entry !== "migration_lock.toml") continue;
    await cp(path.join(MIGRATIONS_DIR, entry), path.join(before, entry), { recursive: true });
  }
  await migrate(url, { dir: before });
  db = new pg.Client({ connectionString: url });
  await db.connect();
  await q(`INSERT INTO "User" (id, name, email, "passwordHash", "updatedAt") VALUES ('u1', 'A', 'a@x.in', 'x', now())`);
  await q(`INSERT INTO "Address" (id, "userId", "addressLine", city, state, country, pincode, mobile, "updatedAt")
           VALUES ('a1', 'u1', '1 Road', 'Bengaluru', 'KA', 'India', '560034', '9876543210', now()),
                  ('a2', 'u1', '2 Road', 'Bengaluru', 'KA', 'India', '560034', '9876543210', now()),
                  ('a3', 'u1', '3 Road', 'Bengaluru', 'KA', 'India', '0123', '9876543210', now())`);
  await q(`INSERT INTO "Product" (id, name, images, unit, stock, "pricePaise", description, "updatedAt")
           VALUES ('p1', 'Milk', '{}', '1 l', 12, 5000, 'd', now()), ('p2', 'Bread', '{}', '1', 0, 4000, 'd', now()),
                  ('p3', 'Eggs', '{}', '6', 40, 6000, 'd', now())`);
  await migrate(url);
});

afterAll(async () => {
  await db?.end();
  if (before) await rm(before, { recursive: true, force: true });
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe("the dark-stores migration on a database with data", () => {
  it("makes the one implicit store the default store, serving the saved addresses' pincodes", async () => {
    const stores = await q(`SELECT id, "isDefault", "opensAt", "closesAt", paused FROM "Store"`);
    expect(stores).toEqual([{ id: "main", isDefault: true, opensAt: 0, closesAt: 1440, paused: false }]);
    const pins = await q<{ pincode: string }>(`SELECT pincode FROM "StorePincode" WHERE "storeId" = 'main'`);
    expect(pins.map((p) => p.pincode)).toEqual(["560034"]); // the malformed one is left out
  });

  it("copies every product's stock into the default store, and the ledger sums to it", async () => {
    const rows = await q<{ productId: string; stock: number; ledger: string }>(`
      SELECT s."productId", s.stock, (SELECT sum(delta) FROM "StockMovement" m
        WHERE m."storeId" = s."storeId" AND m."productId" = s."productId") AS ledger
      FROM "StoreStock" s ORDER BY 1`);
    expect(rows.map((r) => [r.productId, r.stock, Number(r.ledger)])).toEqual([
      ["p1", 12, 12],
      ["p2", 0, 0],
      ["p3", 40, 40],
    ]);
    const reasons = await q<{ reason: string }>(`SELECT DISTINCT reason FROM "StockMovement"`);
    expect(reasons).toEqual([{ reason: "COUNT" }]);
  });

  it("keeps the ledger append-only and stock never negative", async () => {
    await expect(q(`UPDATE "StockMovement" SET delta = 0`)).rejects.toThrow(/append-only/);
    await expect(q(`DELETE FROM "StockMovement" WHERE false`)).rejects.toThrow(/append-only/);
    await expect(q(`UPDATE "StoreStock" SET stock = -1 WHERE "productId" = 'p1'`)).rejects.toThrow(/check/i);
  });

  it("keeps exactly one default store", async () => {
    const insert = `INSERT INTO "Store" (id, name, area, address, lat, lng, "isDefault", "updatedAt")
                    VALUES ('hsr', 'HSR', 'HSR Layout', 'x', 12.9, 77.6, $1, now())`;
    await expect(q(insert, [true])).rejects.toThrow(/Exactly one store must be the default/);
    await q(insert, [false]);
    await expect(q(`UPDATE "Store" SET "isDefault" = false WHERE id = 'main'`)).rejects.toThrow(/Exactly one/);
    // switching the default inside one transaction is fine
    await q("BEGIN");
    await q(`UPDATE "Store" SET "isDefault" = false WHERE id = 'main'`);
    await q(`UPDATE "Store" SET "isDefault" = true WHERE id = 'hsr'`);
    await q("COMMIT");
    expect(await q(`SELECT id FROM "Store" WHERE "isDefault"`)).toEqual([{ id: "hsr" }]);
    await expect(q(`INSERT INTO "Store" (id, name, area, address, lat, lng, "updatedAt")
                    VALUES ('Bad Id', 'x', 'x', 'x', 1, 1, now())`)).rejects.toThrow(/Store_id_check/);
  });
});
