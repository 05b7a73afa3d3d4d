// Seeds the demo shop: the catalogue (15 categories, 71 sub-categories, 5,200 products), the demo
// accounts and the delivery partners. Used by the CLI (index.ts), `npm start` (--if-empty) and the
// integration tests. Runs in plain Node: nothing here may import "server-only" modules.
import { hash, verify } from "@node-rs/argon2";
import type { PrismaClient } from "../../lib/generated/prisma/client";
import { DEMO_PARTNERS, DEMO_USERS, type DemoUser } from "./accounts";
import { buildCatalogue } from "./generate";

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
  const [categories, subCategories, products, users, partners] = await Promise.all([
    db.category.count(),
    db.subCategory.count(),
    db.product.count(),
    db.user.count(),
    db.deliveryPartner.count(),
  ]);
  return { categories, subCategories, products, users, partners };
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

/** Creates missing partners; an existing one keeps its availability (it may be out on a delivery). */
async function upsertPartners(tx: Tx) {
  for (const p of DEMO_PARTNERS) {
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
      },
      update: { name: p.name, vehicle: p.vehicle },
    });
  }
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
      if (empty) await insertCatalogue(tx);
      for (const user of DEMO_USERS) await upsertUser(tx, user);
      await upsertPartners(tx);
      return empty ? ("seeded" as const) : ("accounts" as const);
    },
    { maxWait: 60_000, timeout: 120_000 },
  );
  return done(action);
}
