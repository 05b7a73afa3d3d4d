import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, migrate } from "../../scripts/db/migrator.mjs";

// The Product.stock mirror migration on a shop that traded after the stores migration: orders kept selling from
// Product.stock, so the default store's rows fell behind. The migration brings them to Product.stock with a COUNT
// each (the ledger still sums), gives products made since their row, and from then on the two move together.
const MIRROR_MIGRATION = "20261125150000_product_stock_mirror";
const serverUrl = process.env.DATABASE_URL!;
const name = `mirror_mig_${randomBytes(5).toString("hex")}`;
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
  before = await mkdtemp(path.join(os.tmpdir(), "km-mirror-"));
  for (const entry of await readdir(MIGRATIONS_DIR)) {
    if (entry >= MIRROR_MIGRATION && entry !== "migration_lock.toml") continue;
    await cp(path.join(MIGRATIONS_DIR, entry), path.join(before, entry), { recursive: true });
  }
  // products with stock before stores; the stores migration copies it into "main"
  const upToStores = await mkdtemp(path.join(os.tmpdir(), "km-mirror-pre-"));
  for (const entry of await readdir(before)) {
    if (entry >= "20261125131600_dark_stores" && entry !== "migration_lock.toml") continue;
    await cp(path.join(before, entry), path.join(upToStores, entry), { recursive: true });
  }
  await migrate(url, { dir: upToStores });
  await rm(upToStores, { recursive: true, force: true });
  db = new pg.Client({ connectionString: url });
  await db.connect();
  await q(`INSERT INTO "Product" (id, name, images, unit, stock, "pricePaise", description, "updatedAt")
           VALUES ('p1', 'Milk', '{}', '1 l', 12, 5000, 'd', now()), ('p2', 'Bread', '{}', '1', 5, 4000, 'd', now())`);
  await migrate(url, { dir: before });
  // trading after the stores migration: sales from Product.stock, and a product created since
  await q(`UPDATE "Product" SET stock = 9 WHERE id = 'p1'`);
  await q(`INSERT INTO "Product" (id, name, images, unit, stock, "pricePaise", description, "updatedAt")
           VALUES ('p3', 'Eggs', '{}', '6', 30, 6000, 'd', now())`);
  await migrate(url);
});

afterAll(async () => {
  await db?.end();
  if (before) await rm(before, { recursive: true, force: true });
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

const shelves = () =>
  q<{ productId: string; stock: number; product: number; ledger: number }>(`
    SELECT s."productId", s.stock, p.stock AS product,
           (SELECT sum(delta)::int FROM "StockMovement" m WHERE m."storeId" = s."storeId" AND m."productId" = s."productId") AS ledger
    FROM "StoreStock" s JOIN "Product" p ON p.id = s."productId" WHERE s."storeId" = 'main' ORDER BY 1`);

describe("the Product.stock mirror migration on a database with data", () => {
  it("brings the default store's shelf to Product.stock, with a COUNT the ledger sums", async () => {
    expect(await shelves()).toEqual([
      { productId: "p1", stock: 9, product: 9, ledger: 9 },
      { productId: "p2", stock: 5, product: 5, ledger: 5 },
      { productId: "p3", stock: 30, product: 30, ledger: 30 },
    ]);
    const sync = await q<{ productId: string; delta: number }>(
      `SELECT "productId", delta FROM "StockMovement" WHERE note LIKE 'sales before%' ORDER BY 1`,
    );
    expect(sync).toEqual([
      { productId: "p1", delta: -3 },
      { productId: "p3", delta: 30 },
    ]);
  });

  it("then keeps them in step both ways", async () => {
    await q(`UPDATE "StoreStock" SET stock = stock - 4 WHERE "storeId" = 'main' AND "productId" = 'p3'`);
    await q(`UPDATE "Product" SET stock = 20 WHERE id = 'p2'`);
    await q(`INSERT INTO "Product" (id, name, images, unit, stock, "pricePaise", description, "updatedAt")
             VALUES ('p4', 'Rice', '{}', '5 kg', 8, 30000, 'd', now())`);
    const rows = await shelves();
    expect(rows.map((r) => [r.productId, r.stock, r.product])).toEqual([
      ["p1", 9, 9],
      ["p2", 20, 20],
      ["p3", 26, 26],
      ["p4", 8, 8],
    ]);
    // the shelf's own change (p3) is its writer's to record; Product.stock writes and new products are recorded
    expect(rows.filter((r) => r.productId !== "p3").every((r) => r.ledger === r.stock)).toBe(true);
    await expect(q(`UPDATE "Product" SET stock = -1 WHERE id = 'p1'`)).rejects.toThrow(/Product_stock_check/);
  });
});
