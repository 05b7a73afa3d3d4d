// Preparation of the mixed load (bench/load.mjs, bench/faults.mjs), done before the timed run:
// - a pool of catalogue products with realistic, limited stock (some sell out during the run → 409s);
// - the virtual shoppers, written straight into the database (one argon2 hash shared by all, the seed's parameters),
//   because registration is limited per client address (200 an hour) and that limit stays on;
// - then each shopper logs in through the REST API from its own client address, like a real app would.
import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";

// Same parameters as lib/auth/password.ts and prisma/seed/run.ts (argon2id, OWASP minimum).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
export const BENCH_PASSWORD = "Bench@12345";

/** lib/slug.ts, for building canonical page paths without a redirect. */
function slugify(name) {
  return name
    .trim()
    .replace(/[\s,&]+/g, "-")
    .replace(/[^\p{L}\p{N}-]+/gu, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}
const slugWithId = (name, id) => (slugify(name) ? `${slugify(name)}-${id}` : id);

/** lib/money.ts: price − ceil(price × discount / 100) in whole rupees. */
export function unitPaise(pricePaise, discount) {
  if (!discount || discount <= 0) return pricePaise;
  return Math.max(0, pricePaise - Math.ceil((pricePaise * Math.min(discount, 100)) / 10_000) * 100);
}

/**
 * `size` published products spread over the catalogue (stable pick per run id), each with its listing and product
 * page path and a search word from its name. Stock: a few "hot" products with very little, the rest a modest amount,
 * so demand outruns supply on some of them during the run.
 */
export async function preparePool(db, { size = 40, hot = 6, hotStock = 8, stock = 60 } = {}) {
  const { rows } = await db.query(
    `SELECT DISTINCT ON (p.id) p.id, p.name, p."pricePaise", p.discount,
            c.id AS "categoryId", c.name AS "categoryName", s.id AS "subId", s.name AS "subName"
       FROM "Product" p
       JOIN "ProductSubCategory" ps ON ps."productId" = p.id
       JOIN "SubCategory" s ON s.id = ps."subCategoryId"
       JOIN "SubCategoryCategory" sc ON sc."subCategoryId" = s.id
       JOIN "Category" c ON c.id = sc."categoryId"
       JOIN "ProductCategory" pc ON pc."productId" = p.id AND pc."categoryId" = c.id
      WHERE p.published AND p.id IN (SELECT id FROM "Product" WHERE published ORDER BY md5(id) LIMIT $1)
      ORDER BY p.id, c.id, s.id`,
    [size],
  );
  if (rows.length < size / 2) throw new Error(`only ${rows.length} products found for the pool; is the catalogue seeded?`);
  const pool = rows.map((r, i) => ({
    id: r.id,
    name: r.name,
    unitPaise: unitPaise(r.pricePaise, r.discount),
    stock: i < hot ? hotStock : stock,
    productPath: `/product/${slugWithId(r.name, r.id)}`,
    listingPath: `/${slugWithId(r.categoryName, r.categoryId)}/${slugWithId(r.subName, r.subId)}`,
    listing: { categoryId: r.categoryId, subCategoryId: r.subId },
    word: r.name.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w)) ?? r.name.split(/\s+/)[0],
  }));
  for (const p of pool) await db.query(`UPDATE "Product" SET stock = $2 WHERE id = $1`, [p.id, p.stock]);
  return pool;
}

/** Stock of the pool's products now (id → units). */
export async function stockOf(db, pool) {
  const { rows } = await db.query(`SELECT id, stock FROM "Product" WHERE id = ANY($1)`, [pool.map((p) => p.id)]);
  return Object.fromEntries(rows.map((r) => [r.id, r.stock]));
}

/** `count` shoppers with one delivery address each, inserted in one transaction. */
export async function createShoppers(db, count, runId) {
  const passwordHash = await hash(BENCH_PASSWORD, ARGON2);
  const shoppers = Array.from({ length: count }, (_, i) => ({
    i,
    userId: `bench${runId}u${i}`,
    addressId: `bench${runId}a${i}`,
    email: `bench-${runId}-${i}@example.test`,
    // one client address per shopper, as on the real internet: per-address limits apply to each
    ip: `10.${77 + Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${i % 250}`,
  }));
  await db.query("BEGIN");
  try {
    await db.query(
      `INSERT INTO "User" (id, name, email, "passwordHash", "verifyEmail", "updatedAt")
       SELECT u.id, 'Bench shopper ' || u.n, u.email, $4, true, now()
         FROM unnest($1::text[], $2::text[], $3::int[]) AS u(id, email, n)`,
      [shoppers.map((s) => s.userId), shoppers.map((s) => s.email), shoppers.map((s) => s.i), passwordHash],
    );
    await db.query(
      `INSERT INTO "Address" (id, "userId", "addressLine", city, state, country, pincode, mobile, "updatedAt")
       SELECT a.id, a."userId", a.n || ' Bench Street', 'Bengaluru', 'Karnataka', 'India', '560001', '9876543210', now()
         FROM unnest($1::text[], $2::text[], $3::int[]) AS a(id, "userId", n)`,
      [shoppers.map((s) => s.addressId), shoppers.map((s) => s.userId), shoppers.map((s) => s.i)],
    );
    await db.query("COMMIT");
  } catch (error) {
    await db.query("ROLLBACK");
    throw error;
  }
  return shoppers;
}

export const newRunId = () => randomBytes(4).toString("hex");

/** Logs every shopper in through POST /api/user/login (20 at a time), on `baseOf(shopper)`; sets shopper.token. */
export async function logInAll(shoppers, baseOf) {
  for (let i = 0; i < shoppers.length; i += 20) {
    await Promise.all(
      shoppers.slice(i, i + 20).map(async (s) => {
        const res = await fetch(`${baseOf(s)}/api/user/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": s.ip },
          body: JSON.stringify({ email: s.email, password: BENCH_PASSWORD }),
        });
        const body = await res.json().catch(() => ({}));
        if (res.status !== 200 || !body.data?.accesstoken) throw new Error(`login of ${s.email}: ${res.status} ${body.message}`);
        s.token = body.data.accesstoken;
      }),
    );
  }
}
