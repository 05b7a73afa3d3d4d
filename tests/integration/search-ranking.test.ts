import { randomInt } from "node:crypto";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateCatalog, invalidateStoreStock } from "@/lib/catalog/cache";
import type { ProductSort } from "@/lib/catalog/params";
import { searchProducts } from "@/lib/catalog/search";
import { clearSearchCache, rankedSearchProducts, rankingStore } from "@/lib/catalog/search-cache";
import { redisRankings } from "@/lib/catalog/search-cache-redis";
import { prisma } from "@/lib/db";
import { installDemoStores } from "../support/demo-stores";

// Search ranks a query once and pages through the kept order (lib/catalog/search-cache.ts, issue 19 item 7): every
// page must be the page the full statement gives (same products, same order, same totals, the store's stock), and an
// announced change (a catalogue write, a product selling out at a store) must show at once, in this process and,
// with REDIS_URL, through the rankings every instance shares.

const REDIS = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const letters = (n: number) => Array.from({ length: n }, () => "bcdfghjklmnpqrstvwxz"[randomInt(20)]).join("");
const WORD = `r${letters(7)}`; // a made-up word only this file's products carry
const Word = WORD[0]!.toUpperCase() + WORD.slice(1);
const SORTS: ProductSort[] = ["relevance", "price_asc", "price_desc", "discount"];

let categoryId = "";
let subCategoryId = "";
const ids: string[] = [];

async function addProduct(name: string, opts: { price: number; discount?: number; stock?: number; description?: string }) {
  const product = await prisma.product.create({
    data: {
      name,
      images: ["/media/r.webp"],
      unit: "1 pc",
      stock: opts.stock ?? 5,
      pricePaise: opts.price * 100,
      discount: opts.discount ?? 0,
      description: opts.description ?? "A product of the search-ranking test.",
      categories: { create: [{ categoryId }] },
      subCategories: { create: [{ subCategoryId }] },
    },
    select: { id: true },
  });
  return product.id;
}

const withRedis = async <T>(url: string, run: () => Promise<T>): Promise<T> => {
  const previous = process.env.REDIS_URL;
  process.env.REDIS_URL = url;
  try {
    return await run();
  } finally {
    if (previous === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = previous;
    rankingStore(); // back to this process's store (closes the Redis client)
  }
};

/** Every page of `q` at `storeId` in `sort`, `limit` a page, through the kept ranking and through the full statement. */
async function bothWays(q: string, storeId: string, sort: ProductSort, limit: number, cap?: number) {
  const ranked = [];
  const direct = [];
  for (let page = 1; page <= Math.ceil(24 / limit) + 1; page++) {
    ranked.push(await rankedSearchProducts({ storeId, q, sort, page, limit, detail: "full" }, cap));
    direct.push(await searchProducts({ storeId, q, sort, page, limit, detail: "full" }));
  }
  return { ranked, direct };
}

beforeAll(async () => {
  await installDemoStores();
  const suffix = letters(6);
  categoryId = (await prisma.category.create({ data: { name: `Rank ${suffix}`, nameKey: `rank ${suffix}`, image: "/c.webp" } })).id;
  subCategoryId = (
    await prisma.subCategory.create({ data: { name: `Rank sub ${suffix}`, image: "/s.webp", categories: { create: [{ categoryId }] } } })
  ).id;
  // 22 products of the word: ties of score broken by stock, then name; prices and discounts that tie too; two whose
  // description alone carries the word (a lower score)
  for (let i = 1; i <= 20; i++) {
    const id = await addProduct(`${Word} ${["Milk", "Bread", "Tea", "Rice"][i % 4]} ${String(i).padStart(2, "0")}`, {
      price: 20 + (i % 6) * 10,
      discount: (i % 3) * 5,
      stock: i % 4 === 0 ? 0 : 3,
    });
    ids.push(id);
    // Koramangala stocks a different half
    await prisma.storeStock.create({ data: { storeId: "koramangala", productId: id, stock: i % 2 === 0 ? 4 : 0 } });
  }
  ids.push(await addProduct(`Plain Jar A`, { price: 30, description: `Goes with ${WORD} bread.` }));
  ids.push(await addProduct(`Plain Jar B`, { price: 30, stock: 0, description: `Goes with ${WORD} tea.` }));
  invalidateCatalog("product");
});

afterAll(async () => {
  await prisma.product.deleteMany({ where: { id: { in: ids } } });
  invalidateCatalog("product");
});

describe("a kept ranking", () => {
  it("gives every page of every sort at every store exactly as ranking each page does", async () => {
    for (const storeId of ["main", "koramangala"]) {
      for (const sort of SORTS) {
        for (const limit of [10, 7]) {
          const { ranked, direct } = await bothWays(WORD, storeId, sort, limit);
          expect(ranked, `${storeId} ${sort} ${limit}`).toEqual(direct);
        }
      }
    }
    // two words (products with both first) and a misspelt word (corrected to the catalogue's word)
    const two = await bothWays(`${WORD} milk`, "main", "relevance", 10);
    expect(two.ranked).toEqual(two.direct);
    expect(two.ranked[0]!.data[0]!.name).toMatch(/Milk/);
    const typo = `${WORD.slice(0, 5)}${WORD[6]}${WORD[5]}${WORD.slice(7)}`; // two letters swapped
    const misspelt = await bothWays(typo, "koramangala", "relevance", 10);
    expect(misspelt.ranked[0]!.totalCount).toBe(22);
    expect(misspelt.ranked).toEqual(misspelt.direct);
  });

  it("answers one page per shopper from the kept order until a change is announced", async () => {
    const first = await rankedSearchProducts({ storeId: "main", q: WORD, limit: 100 });
    expect(first.totalCount).toBe(22);
    // written straight to the database, unannounced: the kept ranking still answers
    const late = await addProduct(`${Word} Late Arrival`, { price: 99 });
    ids.push(late);
    expect((await rankedSearchProducts({ storeId: "main", q: WORD, limit: 100 })).totalCount).toBe(22);
    invalidateCatalog("product"); // what the admin's product form does after its commit
    const after = await rankedSearchProducts({ storeId: "main", q: WORD, limit: 100 });
    expect(after.totalCount).toBe(23);
    expect(after.data.map((p) => p.id)).toContain(late);
  });

  it("moves a product that sells out at a store behind that store's stocked ones at once, and keeps its live stock", async () => {
    const ranked = () => rankedSearchProducts({ storeId: "koramangala", q: WORD, limit: 100 });
    const before = await ranked();
    const top = before.data[0]!;
    expect(top.stock).toBeGreaterThan(0);
    await prisma.storeStock.update({
      where: { storeId_productId: { storeId: "koramangala", productId: top.id } },
      data: { stock: 0 },
    });
    invalidateStoreStock("koramangala", top.id); // what the order that took the last unit does
    const after = await ranked();
    expect(after.data.find((p) => p.id === top.id)?.stock).toBe(0);
    expect(after.data[0]!.id).not.toBe(top.id);
    expect(after).toEqual(await searchProducts({ storeId: "koramangala", q: WORD, limit: 100 }));
  });

  it("reads pages past the kept ids with the full statement", async () => {
    clearSearchCache(); // ranked afresh, keeping the first 5 ids only
    const { ranked, direct } = await bothWays(WORD, "main", "relevance", 10, 5);
    clearSearchCache();
    expect(ranked).toEqual(direct);
    expect(ranked[1]!.data).toHaveLength(10);
    expect(ranked[3]!).toMatchObject({ data: [], totalCount: 23, totalPage: 3, page: 4 });
  });

  it("answers nothing for nothing searchable", async () => {
    expect(await rankedSearchProducts({ storeId: "main", q: " !! " })).toEqual({
      data: [],
      totalCount: 0,
      totalPage: 0,
      page: 1,
      limit: 10,
    });
  });
});

describe("rankings in Redis (REDIS_URL)", () => {
  it("are shared by instances: one ranks, another pages through it, and a change on one retires it on both", async () => {
    const a = redisRankings(REDIS, 60_000);
    const b = redisRankings(REDIS, 60_000);
    try {
      const version = await a.version("main");
      expect(version).not.toBeNull();
      expect(await b.version("main")).toBe(version);
      const key = `test ${WORD} ${version}`;
      await a.keep(key, "main", { total: 12_000, ids: ["p1", "p2", "p3", "p4"] }, 60_000);
      expect(await b.slice(key, 1, 2)).toEqual({ total: 12_000, kept: 4, ids: ["p2", "p3"] });
      a.bump("main");
      const raised = await a.version("main");
      expect(raised).not.toBe(version);
      expect(await b.version("main")).toBe(raised);
      expect(await b.version(null)).toBe(raised!.split(".")[0]); // the price sorts' rankings stay
      a.bump(null);
      expect(await b.version(null)).not.toBe(raised!.split(".")[0]);
      expect(await b.slice(`test ${WORD} ${raised}`, 0, 2)).toBeNull();
    } finally {
      await a.close?.();
      await b.close?.();
    }
  });

  it("give the same pages as the full statement, and follow announced changes", async () => {
    await withRedis(REDIS, async () => {
      clearSearchCache();
      for (const sort of SORTS) {
        const { ranked, direct } = await bothWays(WORD, "koramangala", sort, 10);
        expect(ranked, sort).toEqual(direct);
      }
      const total = async () => (await rankedSearchProducts({ storeId: "main", q: WORD, limit: 5, page: 2 })).totalCount;
      const before = await total();
      const inspector = new Redis(REDIS);
      try {
        // scoped by the database's identity: another database on the same Redis never reads these
        const [{ id }] = await prisma.$queryRaw<[{ id: string }]>`
          SELECT id FROM "_prisma_migrations" WHERE rolled_back_at IS NULL ORDER BY started_at, migration_name LIMIT 1`;
        expect((await inspector.keys(`kwikmart:search:${id}:r:*`)).length).toBeGreaterThan(0);
      } finally {
        inspector.disconnect();
      }
      ids.push(await addProduct(`${Word} Later Still`, { price: 10 }));
      expect(await total()).toBe(before); // unannounced: the shared ranking answers
      invalidateCatalog("product");
      expect(await total()).toBe(before + 1);
    });
  });

  it("search still answers when Redis cannot be reached", async () => {
    await withRedis("redis://127.0.0.1:1", async () => {
      const page = await rankedSearchProducts({ storeId: "main", q: WORD, limit: 10, page: 2 });
      expect(page).toEqual(await searchProducts({ storeId: "main", q: WORD, limit: 10, page: 2 }));
    });
  });
});
