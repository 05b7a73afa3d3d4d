// Seeds the demo shop: the catalogue (15 categories, 71 sub-categories, 5,200 products), the demo
// accounts, the dark-store network with each store's stock (stores.ts) and the delivery partners. Used by the CLI (index.ts), `npm start` (--if-empty) and the
// integration tests. Runs in plain Node: nothing here may import "server-only" modules.
import { hash, verify } from "@node-rs/argon2";
import type { PrismaClient } from "../../lib/generated/prisma/client";
import { DEMO_PARTNERS, DEMO_USERS, demoPartnerUser, type DemoUser } from "./accounts";
import { buildCatalogue } from "./generate";
import { DEMO_PINCODES, DEMO_STORES, demoStock, type DemoStore } from "./stores";
import { DEMO_COUPONS } from "./coupons";

/**
 * - "if-empty": seed everything when there is no category yet, otherwise touch nothing (`npm start`).
 * - "default": seed everything when there is no category yet, otherwise only restore the demo accounts and partners.
 * - "reset": empty every table (orders, carts, users, catalogue, partners …) and seed everything.
 */
export type SeedMode = "if-empty" | "default" | "reset";

export interface SeedOptions {
  mode?: SeedMode;
}

/** Rows in the database after seeding. */
export interface SeedCounts {
  categories: number;
  subCategories: number;
  products: number;
  users: number;
  partners: number;
  stores: number;
}

export interface SeedResult extends SeedCounts {
  /** "seeded": catalogue written; "accounts": catalogue kept, accounts and partners restored; "skipped": nothing done. */
  action: "seeded" | "accounts" | "skipped";
  ms: number;
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

// Same parameters as lib/auth/password.ts (argon2id, OWASP minimum); that module is server-only.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Serialises concurrent seeders (two app processes starting at once): pg_advisory_xact_lock key. */
const SEED_LOCK = 7_305_001;
const BATCH = 1000;

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function countAll(db: PrismaClient | Tx): Promise<SeedCounts> {
  const [categories, subCategories, products, users, partners, stores] = await Promise.all([
    db.category.count(),
    db.subCategory.count(),
    db.product.count(),
    db.user.count(),
    db.deliveryPartner.count(),
    db.store.count(),
  ]);
  return { categories, subCategories, products, users, partners, stores };
}

/**
 * Empties every application table (not the migrations record, nor the append-only audit log, whose trigger refuses
 * TRUNCATE) and restarts sequences (Partner #1 again).
 */
async function truncateAll(tx: Tx) {
  const tables = await tx.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables
    WHERE schemaname = current_schema() AND tablename NOT IN ('_prisma_migrations', 'AuditLog')`;
  if (tables.length === 0) return;
  const list = tables.map((t) => `"${t.tablename.replace(/"/g, '""')}"`).join(", ");
  await tx.$executeRawUnsafe(`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`);
}

/**
 * Bulk insert through json_to_recordset: one statement per table and batch. Prisma's createMany spends
 * seconds serialising 5,000 rows; PostgreSQL itself needs ~0.4 s for them (search trigger and GIN
 * indexes included). Table and column names come from this file only, never from input.
 */
async function insertRows<T extends object>(
  tx: Tx,
  table: string,
  types: { [K in keyof T & string]: string },
  rows: readonly T[],
) {
  const cols = Object.keys(types) as (keyof T & string)[];
  const q = (name: string) => `"${name}"`;
  const sql =
    `INSERT INTO ${q(table)} (${cols.map(q).join(", ")}) ` +
    `SELECT ${cols.map(q).join(", ")} FROM json_to_recordset($1::json) AS x(${cols.map((c) => `${q(c)} ${types[c]}`).join(", ")}) ` +
    `ON CONFLICT DO NOTHING`;
  for (const batch of chunks(rows, BATCH)) await tx.$executeRawUnsafe(sql, JSON.stringify(batch));
}

const STAMPS = { createdAt: "timestamp(3)", updatedAt: "timestamp(3)" } as const;

async function insertCatalogue(tx: Tx) {
  const rows = buildCatalogue();
  // Ids are ours (cat01, sub001, prd00001), so the join rows go in the same way.
  await insertRows(
    tx,
    "Category",
    { id: "text", name: "text", nameKey: "text", image: "text", ...STAMPS },
    rows.categories,
  );
  await insertRows(
    tx,
    "SubCategory",
    { id: "text", name: "text", image: "text", ...STAMPS },
    rows.subCategories,
  );
  await insertRows(
    tx,
    "SubCategoryCategory",
    { subCategoryId: "text", categoryId: "text" },
    rows.subCategoryCategories,
  );
  await insertRows(
    tx,
    "Product",
    {
      id: "text",
      name: "text",
      images: "text[]",
      unit: "text",
      stock: "integer",
      pricePaise: "integer",
      discount: "integer",
      description: "text",
      moreDetails: "jsonb",
      published: "boolean",
      ...STAMPS,
    },
    rows.products,
  );
  await insertRows(tx, "ProductCategory", { productId: "text", categoryId: "text" }, rows.productCategories);
  await insertRows(
    tx,
    "ProductSubCategory",
    { productId: "text", subCategoryId: "text" },
    rows.productSubCategories,
  );
}

/**
 * Creates each demo account, or restores it: role and status back to the demo's, and the demo password
 * back if it no longer matches (then older sessions die, as after any password change). Name and mobile
 * are left as the person using the demo edited them.
 */
async function upsertUser(tx: Tx, user: DemoUser) {
  const email = user.email.trim().toLowerCase();
  const existing = await tx.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  if (!existing) {
    await tx.user.create({
      data: {
        id: user.id,
        email,
        name: user.name,
        mobile: user.mobile,
        role: user.role,
        verifyEmail: user.verifyEmail,
        passwordHash: await hash(user.password, ARGON2),
      },
    });
    return;
  }
  const passwordOk = await verify(existing.passwordHash, user.password).catch(() => false);
  await tx.user.update({
    where: { id: existing.id },
    data: {
      role: user.role,
      status: "ACTIVE",
      ...(passwordOk
        ? {}
        : { passwordHash: await hash(user.password, ARGON2), sessionVersion: { increment: 1 } }),
    },
  });
}

/**
 * Creates missing partners; an existing one keeps its availability (it may be out on a delivery) and its store, and
 * one that rides for no store yet is placed at its demo store. Each has its partner-app account (partnerN@…).
 */
async function upsertPartners(tx: Tx) {
  for (const p of DEMO_PARTNERS) {
    const account = demoPartnerUser(p);
    await upsertUser(tx, account);
    const user = await tx.user.findUniqueOrThrow({ where: { email: account.email }, select: { id: true } });
    await tx.deliveryPartner.upsert({
      where: { phone: p.phone },
      create: {
        id: p.id,
        name: p.name,
        phone: p.phone,
        vehicle: p.vehicle,
        isAvailable: p.isAvailable,
        availableSince: p.availableSince,
        createdAt: p.createdAt,
        storeId: p.storeId,
      },
      update: { name: p.name, vehicle: p.vehicle, deactivatedAt: null },
    });
    // the account follows its partner (an admin may have re-linked it; the demo restores the pairing)
    await tx.deliveryPartner.updateMany({ where: { userId: user.id, NOT: { phone: p.phone } }, data: { userId: null } });
    await tx.deliveryPartner.update({ where: { phone: p.phone }, data: { userId: user.id, email: account.email } });
    await tx.deliveryPartner.updateMany({
      where: { phone: p.phone, storeId: null },
      data: { storeId: p.storeId },
    });
  }
}

/** The city's pincode table; existing rows are left as an admin may have corrected them. */
async function insertPincodes(tx: Tx) {
  await insertRows(
    tx,
    "Pincode",
    { code: "text", area: "text", city: "text", lat: "double precision", lng: "double precision" },
    DEMO_PINCODES,
  );
}

/**
 * The demo stores and their pincodes; returns the stores whose stock fillStoreStock then (re)writes. `fill` says
 * which: all of them on a fresh seed (the migration's placeholder "main" becomes the MG Road store), only the
 * missing ones when the catalogue was kept. A store that exists and is not filled is left exactly as it is.
 */
async function upsertStores(tx: Tx, fill: "all" | "missing"): Promise<DemoStore[]> {
  const existing = new Set((await tx.store.findMany({ select: { id: true } })).map((s) => s.id));
  const todo: DemoStore[] = DEMO_STORES.filter((s) => fill === "all" || !existing.has(s.id));
  for (const s of todo) {
    const fields = {
      name: s.name,
      area: s.area,
      address: s.address,
      lat: s.lat,
      lng: s.lng,
      radiusKm: s.radiusKm,
      pickers: s.pickers,
      opensAt: s.opensAt,
      closesAt: s.closesAt,
      paused: false,
      pausedReason: null,
      pausedAt: null,
    };
    // the default flag only moves on a fresh seed; a kept shop keeps its own default (one at a time, checked at commit)
    if (fill === "all") {
      if (s.isDefault)
        await tx.store.updateMany({
          where: { isDefault: true, id: { not: s.id } },
          data: { isDefault: false },
        });
      await tx.store.upsert({
        where: { id: s.id },
        create: { id: s.id, ...fields, isDefault: s.isDefault },
        update: { ...fields, isDefault: s.isDefault },
      });
    } else {
      await tx.store.create({ data: { id: s.id, ...fields, isDefault: existing.size === 0 && s.isDefault } });
      existing.add(s.id);
    }
    await tx.storePincode.deleteMany({ where: { storeId: s.id } });
    await tx.storePincode.createMany({ data: s.pincodes.map((pincode) => ({ storeId: s.id, pincode })) });
  }
  return todo;
}

/**
 * Each store's shelf from the catalogue (the default store's is the catalogue's stock, Product.stock, which mirrors
 * it: see the product_stock_mirror migration), with its opening COUNT movement.
 */
async function fillStoreStock(tx: Tx, todo: readonly DemoStore[]) {
  if (todo.length === 0) return;
  const ids = todo.map((s) => s.id);
  // read before the shelves are emptied: emptying the default store's zeroes Product.stock (the mirror)
  const products = await tx.product.findMany({ select: { id: true, stock: true }, orderBy: { id: "asc" } });
  // a store (re)filled starts from an empty shelf: on a fresh seed nothing was sold from it yet
  await tx.storeStock.deleteMany({ where: { storeId: { in: ids } } });
  const rows = todo.flatMap((s) =>
    products.map((p) => ({
      storeId: s.id,
      productId: p.id,
      stock: demoStock(s, p.id, Math.max(0, p.stock)),
    })),
  );
  await insertRows(tx, "StoreStock", { storeId: "text", productId: "text", stock: "integer" }, rows);
  // the opening count of every shelf, net of any history the (append-only) ledger already holds for the pair (a
  // store deleted and seeded again), so the ledger sums to the stock
  await tx.$executeRaw`
    INSERT INTO "StockMovement" (id, "storeId", "productId", delta, reason, note)
    SELECT 'seed' || replace(gen_random_uuid()::text, '-', ''), s."storeId", s."productId",
           s.stock - COALESCE(m.total, 0), 'COUNT', 'opening stock (demo seed)'
    FROM "StoreStock" s
    LEFT JOIN (SELECT "storeId", "productId", sum(delta)::int AS total FROM "StockMovement"
               WHERE "storeId" = ANY(${ids}) GROUP BY 1, 2) m
      ON m."storeId" = s."storeId" AND m."productId" = s."productId"
    WHERE s."storeId" = ANY(${ids}) AND s.stock <> COALESCE(m.total, 0)`;
}

export async function seedDatabase(prisma: PrismaClient, options: SeedOptions = {}): Promise<SeedResult> {
  const mode = options.mode ?? "default";
  const started = performance.now();
  const done = async (action: SeedResult["action"]): Promise<SeedResult> => ({
    action,
    ...(await countAll(prisma)),
    ms: Math.round(performance.now() - started),
  });

  // Cheap check first: `npm start` runs this on every start.
  if (mode === "if-empty" && (await prisma.category.count()) > 0) return done("skipped");

  const action = await prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
      if (mode === "reset") await truncateAll(tx);
      // Checked again under the lock: another process may have seeded while we waited.
      const empty = (await tx.category.count()) === 0;
      if (!empty && mode === "if-empty") return "skipped" as const;
      await insertPincodes(tx);
      // the stores before the catalogue: a new product gets its row at the default store (a trigger)
      const filled = await upsertStores(tx, empty ? "all" : "missing");
      if (empty) await insertCatalogue(tx);
      await fillStoreStock(tx, filled);
      for (const user of DEMO_USERS) await upsertUser(tx, user);
      await upsertPartners(tx);
      // the demo coupons, when missing (an admin's changes to them are kept)
      await tx.coupon.createMany({ data: [...DEMO_COUPONS], skipDuplicates: true });
      return empty ? ("seeded" as const) : ("accounts" as const);
    },
    { maxWait: 60_000, timeout: 120_000 },
  );
  return done(action);
}
