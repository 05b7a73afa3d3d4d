import { randomBytes } from "node:crypto";
import { verify } from "@node-rs/argon2";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { parseCatalogImageName } from "@/lib/media/catalog-art-spec";
import { seedDatabase } from "../../prisma/seed/run";
import { migrate } from "../../scripts/db/migrator.mjs";

// The seed empties whole tables (--reset), so it gets a database of its own next to this run's one
// instead of wiping what the other test files wrote.
const serverUrl = process.env.DATABASE_URL!;
const name = `seed_${randomBytes(5).toString("hex")}`;
const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
let prisma: PrismaClient;
let first: Awaited<ReturnType<typeof seedDatabase>>;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const snapshot = () =>
  prisma.product.findMany({
    orderBy: { id: "asc" },
    select: { id: true, name: true, unit: true, pricePaise: true, discount: true, stock: true, images: true },
  });

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  await migrate(url);
  prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
});

afterAll(async () => {
  await prisma?.$disconnect();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe("the demo catalogue seed", () => {
  it("seeds an empty database with the whole shop", async () => {
    const r = (first = await seedDatabase(prisma));
    expect(r.action).toBe("seeded");
    expect(r.products).toBeGreaterThanOrEqual(5000);
    expect(r.categories).toBeGreaterThanOrEqual(10);
    expect(r.subCategories).toBeGreaterThanOrEqual(50);
    // admin, shopper, one partner-app account per demo partner and the MG Road store's staff member
    expect(r).toMatchObject({ users: 15, partners: 12, stores: 6 });
    const staff = await prisma.storeStaff.findFirstOrThrow({ where: { storeId: "main" }, include: { user: true } });
    expect(staff.user).toMatchObject({ email: "staff@kwikmart.local", role: "STAFF" });
    expect(await verify(staff.user.passwordHash, "Staff@12345")).toBe(true);
    const partner = await prisma.deliveryPartner.findUniqueOrThrow({ where: { id: "dp01" }, include: { user: true } });
    expect(partner.user).toMatchObject({ email: "partner1@kwikmart.local", role: "PARTNER" });
    expect(await verify(partner.user!.passwordHash, "Partner@12345")).toBe(true);
    expect(r.ms).toBeLessThan(30_000);
  });

  it("puts every product in exactly one category and one sub-category, with sane fields", async () => {
    const [noCategory, noSub, many] = await Promise.all([
      prisma.product.count({ where: { categories: { none: {} } } }),
      prisma.product.count({ where: { subCategories: { none: {} } } }),
      prisma.$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM (SELECT "productId" FROM "ProductCategory" GROUP BY 1 HAVING count(*) > 1) x`,
    ]);
    expect([noCategory, noSub, Number(many[0]?.n)]).toEqual([0, 0, 0]);

    const products = await prisma.product.findMany({
      select: { id: true, images: true, stock: true, pricePaise: true, discount: true, moreDetails: true },
    });
    for (const p of products) {
      expect(p.id).toMatch(/^[A-Za-z0-9_]+$/);
      expect(p.images).toHaveLength(2);
      for (const src of p.images)
        expect(parseCatalogImageName(src.replace("/media/catalog/", ""))).not.toBeNull();
      expect(p.pricePaise % 100).toBe(0); // whole rupees
      expect(p.discount).toBeGreaterThanOrEqual(0);
      expect(p.discount).toBeLessThanOrEqual(40);
      expect(p.moreDetails).toHaveProperty("Brand");
    }
    const outOfStock = products.filter((p) => p.stock === 0).length / products.length;
    expect(outOfStock).toBeGreaterThan(0.02);
    expect(outOfStock).toBeLessThan(0.06);

    const categories = await prisma.category.findMany({ select: { name: true, nameKey: true, image: true } });
    for (const c of categories) expect(c.nameKey).toBe(c.name.toLowerCase());
  });

  it("has products for every word the search bar suggests", async () => {
    for (const word of [
      "milk",
      "bread",
      "sugar",
      "Paneer",
      "chocolate",
      "curd",
      "rice",
      "egg",
      "chips",
      "atta",
      "dal",
    ]) {
      const n = await prisma.product.count({ where: { name: { contains: word, mode: "insensitive" } } });
      expect(n, word).toBeGreaterThan(0);
    }
    expect(await prisma.product.count({ where: { name: { contains: "Paneer" } } })).toBeGreaterThan(0);
    // the search trigger filled the vectors
    const rows = await prisma.$queryRaw<
      { n: bigint }[]
    >`SELECT count(*) AS n FROM "Product" WHERE "searchVector" IS NULL`;
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it("creates the demo accounts and partners", async () => {
    const adminUser = await prisma.user.findUniqueOrThrow({ where: { email: "admin@kwikmart.local" } });
    const shopper = await prisma.user.findUniqueOrThrow({ where: { email: "shopper@kwikmart.local" } });
    expect(adminUser).toMatchObject({
      role: "ADMIN",
      name: "Kwikmart Admin",
      verifyEmail: true,
      mobile: "9876543210",
    });
    expect(shopper).toMatchObject({ role: "USER", name: "Demo Shopper", mobile: "9123456780" });
    expect(await verify(adminUser.passwordHash, "Admin@12345")).toBe(true);
    expect(await verify(shopper.passwordHash, "Shopper@12345")).toBe(true);

    const partners = await prisma.deliveryPartner.findMany({ orderBy: { seq: "asc" } });
    expect(partners).toHaveLength(12);
    expect(partners.filter((p) => p.isAvailable)).toHaveLength(11);
    expect(partners.filter((p) => p.isAvailable).every((p) => p.availableSince)).toBe(true);
    expect(new Set(partners.map((p) => p.phone)).size).toBe(12);
    for (const p of partners) expect(p.phone).toMatch(/^[6-9]\d{9}$/);
    expect(partners.some((p) => p.vehicle === null)).toBe(true);
  });

  it("seeds again without duplicating anything, restoring the demo accounts", async () => {
    const before = await snapshot();
    await prisma.user.update({
      where: { email: "admin@kwikmart.local" },
      data: { role: "USER", passwordHash: "changed" },
    });

    const r = await seedDatabase(prisma);
    const { categories, subCategories, products, users, partners } = first;
    expect(r).toMatchObject({ action: "accounts", categories, subCategories, products, users, partners });
    expect(await snapshot()).toEqual(before);
    expect(await prisma.productCategory.count()).toBe(products);
    expect(await prisma.productSubCategory.count()).toBe(products);
    const adminUser = await prisma.user.findUniqueOrThrow({ where: { email: "admin@kwikmart.local" } });
    expect(adminUser.role).toBe("ADMIN");
    expect(await verify(adminUser.passwordHash, "Admin@12345")).toBe(true);
  });

  it("does nothing with --if-empty once a catalogue exists", async () => {
    await prisma.user.delete({ where: { email: "shopper@kwikmart.local" } });
    const r = await seedDatabase(prisma, { mode: "if-empty" });
    expect(r).toMatchObject({ action: "skipped", users: 14 });
  });

  it("resets to exactly the same catalogue", async () => {
    const before = await snapshot();
    const stockBefore = await stockSnapshot();
    await prisma.category.create({ data: { name: "Extra", nameKey: "extra", image: "/x.webp" } });
    const r = await seedDatabase(prisma, { mode: "reset" });
    const { categories, subCategories, products } = first;
    expect(r).toMatchObject({
      action: "seeded",
      categories,
      subCategories,
      products,
      users: 15,
      partners: 12,
    });
    expect(await prisma.category.count({ where: { nameKey: "extra" } })).toBe(0);
    expect(await snapshot()).toEqual(before);
    expect((await prisma.deliveryPartner.findMany({ orderBy: { seq: "asc" } })).map((p) => p.seq)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(await stockSnapshot()).toEqual(stockBefore);
    await expectLedgerSumsToStock();
  });
});

// The dark-store network (issue 16).
const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

async function servingStores(code: string) {
  const pin = await prisma.pincode.findUniqueOrThrow({ where: { code } });
  const stores = await prisma.store.findMany({ include: { pincodes: true } });
  return stores.filter((s) => s.pincodes.some((p) => p.pincode === code) || km(s, pin) <= s.radiusKm);
}

const stockSnapshot = () =>
  prisma.storeStock.findMany({
    orderBy: [{ storeId: "asc" }, { productId: "asc" }],
    select: { storeId: true, productId: true, stock: true },
  });

async function expectLedgerSumsToStock() {
  const off = await prisma.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM "StoreStock" s
    LEFT JOIN (SELECT "storeId", "productId", sum(delta) AS total FROM "StockMovement" GROUP BY 1, 2) m
      ON m."storeId" = s."storeId" AND m."productId" = s."productId"
    WHERE COALESCE(m.total, 0) <> s.stock`;
  expect(Number(off[0]?.n)).toBe(0);
}

describe("the demo dark stores", () => {
  it("seeds six Bengaluru stores, one default, serving about 40 pincodes, each with its riders", async () => {
    const stores = await prisma.store.findMany({
      include: { pincodes: true, partners: true },
      orderBy: { id: "asc" },
    });
    expect(stores.map((s) => s.id)).toEqual([
      "hsr-layout",
      "indiranagar",
      "jayanagar",
      "koramangala",
      "main",
      "malleshwaram",
    ]);
    expect(stores.filter((s) => s.isDefault).map((s) => s.id)).toEqual(["main"]);
    const served = new Set(stores.flatMap((s) => s.pincodes.map((p) => p.pincode)));
    expect(served.size).toBeGreaterThanOrEqual(38);
    for (const s of stores) {
      expect(s.lat).toBeGreaterThan(12.8);
      expect(s.lat).toBeLessThan(13.2);
      expect(s.partners.length).toBeGreaterThanOrEqual(2);
      expect(s.pickers).toBeGreaterThanOrEqual(1);
    }
    // every served pincode has a centroid in the table
    const table = new Set((await prisma.pincode.findMany({ select: { code: true } })).map((p) => p.code));
    for (const code of served) expect(table.has(code), code).toBe(true);
  });

  it("serves the documented pincodes from 24-hour stores and leaves 560300 unserved", async () => {
    for (const code of ["560001", "560025", "560034", "560038", "560095"]) {
      const stores = await servingStores(code);
      expect(stores.length, code).toBeGreaterThan(0);
      for (const s of stores) expect([s.id, s.opensAt, s.closesAt]).toEqual([s.id, 0, 1440]);
    }
    const pin = await prisma.pincode.findUniqueOrThrow({ where: { code: "560001" } });
    const nearest = (await servingStores("560001")).sort((a, b) => km(a, pin) - km(b, pin))[0];
    expect(nearest?.id).toBe("main");
    expect(await servingStores("560300")).toEqual([]);
    const night = await prisma.store.findUniqueOrThrow({ where: { id: "hsr-layout" } });
    expect([night.opensAt, night.closesAt]).toEqual([420, 1380]);
  });

  it("gives each store its own stock: the default store the catalogue's, others some products out", async () => {
    const products = await prisma.product.count();
    const perStore = await prisma.storeStock.groupBy({ by: ["storeId"], _count: { _all: true } });
    expect(perStore).toHaveLength(6);
    for (const row of perStore) expect(row._count._all).toBe(products);
    const differs = await prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM "StoreStock" s JOIN "Product" p ON p.id = s."productId"
      WHERE s."storeId" = 'main' AND s.stock <> p.stock`;
    expect(Number(differs[0]?.n)).toBe(0);
    const outElsewhere = await prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM "StoreStock" a JOIN "StoreStock" b ON a."productId" = b."productId"
      WHERE a.stock = 0 AND b.stock > 0`;
    expect(Number(outElsewhere[0]?.n)).toBeGreaterThan(100); // sold out at one store, orderable at another
    await expectLedgerSumsToStock();
  });
});
