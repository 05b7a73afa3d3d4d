import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as searchRoute } from "@/app/api/product/search-product/route";
import { searchProducts } from "@/app/api/_rest/catalog-calls";
import { invalidateSearchVocabulary } from "@/lib/catalog/search-vocabulary";
import { prisma } from "@/lib/db";
import { discountedPrice } from "@/lib/money";

// Search against a real PostgreSQL: full-text by prefix, spelling corrections from the catalogue's words,
// ranking, paging and the REST handler. The database is shared with other test files, so every assertion is
// either about words only these fixtures use (a random nonce) or about which products come first.

const letters = (n: number) => Array.from({ length: n }, () => "bcdfghjklmnpqrstvwxz"[randomInt(20)]).join("");
const NONCE = `q${letters(7)}`; // a made-up brand only this file's products carry
const Nonce = NONCE[0]!.toUpperCase() + NONCE.slice(1);
// a made-up word only the paging products carry (words are OR-ed, so paging counts one word)
const PAGEWORD = `w${letters(7)}`;

let categoryId = "";
let dairyId = "";
let snacksId = "";

async function product(
  name: string,
  opts: { price?: number; discount?: number; stock?: number; published?: boolean; sub?: string; description?: string } = {},
) {
  return prisma.product.create({
    data: {
      name,
      images: [`/media/${name.length}.webp`],
      unit: "1 pc",
      stock: opts.stock ?? 10,
      pricePaise: Math.round((opts.price ?? 50) * 100),
      discount: opts.discount ?? 0,
      description: opts.description ?? `${name}, fresh every day.`,
      published: opts.published ?? true,
      categories: { create: [{ categoryId }] },
      subCategories: { create: [{ subCategoryId: opts.sub ?? snacksId }] },
    },
    select: { id: true, name: true },
  });
}

async function call(body: unknown, raw?: string) {
  const request = new Request("http://localhost/api/product/search-product", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: raw ?? JSON.stringify(body),
  });
  const response = await searchRoute(request, undefined as never);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const names = (page: { data: { name: string }[] }) => page.data.map((p) => p.name);

beforeAll(async () => {
  const category = await prisma.category.create({
    data: { name: `Search ${NONCE}`, nameKey: `search ${NONCE}`, image: "/c.webp" },
  });
  categoryId = category.id;
  const sub = (name: string) =>
    prisma.subCategory.create({ data: { name, image: "/s.webp", categories: { create: [{ categoryId }] } } });
  dairyId = (await sub(`Paneer & Milk ${NONCE}`)).id;
  snacksId = (await sub(`Snacks ${NONCE}`)).id;

  // typo targets and the near neighbours trigram similarity would rank above them
  await product(`${Nonce} Fresh Malai Paneer`, { sub: dairyId });
  await product(`${Nonce} Paneer Tikka Pizza`);
  await product(`${Nonce} Banner Cream Biscuits`);
  await product(`${Nonce} Dark Chocolate`);
  await product(`${Nonce} Chakki Atta`);
  await product(`${Nonce} Multigrain Atta`);
  await product(`${Nonce} Data Crunch Wafers`);
  await product(`${Nonce} Brown Bread`);
  await product(`${Nonce} Toned Milk`, { sub: dairyId });
  await product(`${Nonce} Milk Rusk`);
  await product(`${Nonce} Hidden Paneer`, { published: false, sub: dairyId });
  // paging: 23 products sharing one more made-up word
  for (let i = 1; i <= 23; i++) {
    await product(`${Nonce} ${PAGEWORD} ${String(i).padStart(2, "0")}`, { stock: i % 5 === 0 ? 0 : 5 });
  }
  invalidateSearchVocabulary();
});

describe("search quality", () => {
  it("finds Paneer for 'panner', before anything else and without Banner", async () => {
    const page = await searchProducts({ storeId: "main", q: "panner", limit: 100 });
    expect(page.data[0]?.name).toMatch(/paneer/i);
    expect(names(page)).not.toContain(`${Nonce} Banner Cream Biscuits`);
    // this file's paneer products: the one in a Paneer sub-category first; the unpublished one never
    const ours = names(page).filter((n) => n.startsWith(Nonce));
    expect(ours).toEqual([`${Nonce} Fresh Malai Paneer`, `${Nonce} Paneer Tikka Pizza`]);
  });

  it("corrects 'choclate', 'aata' and 'bred'", async () => {
    expect((await searchProducts({ storeId: "main", q: "choclate" })).data[0]?.name).toMatch(/chocolate/i);
    const atta = await searchProducts({ storeId: "main", q: "aata", limit: 100 });
    expect(atta.data[0]?.name).toMatch(/atta/i);
    expect(names(atta)).not.toContain(`${Nonce} Data Crunch Wafers`);
    expect((await searchProducts({ storeId: "main", q: "bred" })).data[0]?.name).toMatch(/bread/i);
  });

  it("matches the beginning of a word: 'mil' finds milk", async () => {
    const page = await searchProducts({ storeId: "main", q: `mil ${NONCE}` });
    expect(page.data.slice(0, 2).map((p) => p.name)).toEqual([`${Nonce} Toned Milk`, `${Nonce} Milk Rusk`]);
  });

  it("ranks products having every typed word first (brand + item)", async () => {
    const page = await searchProducts({ storeId: "main", q: `${NONCE} milk`, limit: 100 });
    expect(page.data.slice(0, 2).map((p) => p.name)).toEqual([`${Nonce} Toned Milk`, `${Nonce} Milk Rusk`]);
    // then the rest of the brand and the rest of the milk
    expect(names(page)).toContain(`${Nonce} Chakki Atta`);
    expect(page.totalCount).toBeGreaterThan(30);
  });

  it("is case-insensitive and ignores punctuation", async () => {
    const a = await searchProducts({ storeId: "main", q: `${PAGEWORD.toUpperCase()}!!` });
    const b = await searchProducts({ storeId: "main", q: `  ${PAGEWORD}, ` });
    expect(names(a)).toEqual(names(b));
    expect(a.totalCount).toBe(23);
  });

  it("never shows unpublished products", async () => {
    const page = await searchProducts({ storeId: "main", q: `${NONCE} hidden`, limit: 100 });
    expect(names(page)).not.toContain(`${Nonce} Hidden Paneer`);
  });

  it("treats hostile text as words", async () => {
    for (const q of ["'; DROP TABLE \"Product\"; --", "milk:* | !bread", "\\' OR 1=1", "(((", "<->", "%_%"]) {
      const page = await searchProducts({ storeId: "main", q });
      expect(Array.isArray(page.data)).toBe(true);
    }
    expect(await prisma.product.count()).toBeGreaterThan(0);
  });
});

describe("search paging", () => {
  const q = PAGEWORD;

  it("pages 10 at a time by default, with totals, in a stable order", async () => {
    const first = await searchProducts({ storeId: "main", q });
    expect(first).toMatchObject({ totalCount: 23, totalPage: 3, page: 1, limit: 10 });
    expect(first.data).toHaveLength(10);
    const second = await searchProducts({ storeId: "main", q, page: 2 });
    const last = await searchProducts({ storeId: "main", q, page: 3 });
    expect(last.data).toHaveLength(3);
    const all = [...first.data, ...second.data, ...last.data].map((p) => p._id);
    expect(new Set(all).size).toBe(23);
    // relevance ties: in stock first, then by name
    const stockOrder = [...first.data, ...second.data, ...last.data].map((p) => p.stock > 0);
    expect(stockOrder).toEqual([...Array(19).fill(true), ...Array(4).fill(false)]);
  });

  it("answers an empty page with the right totals past the end", async () => {
    const beyond = await searchProducts({ storeId: "main", q, page: 9 });
    expect(beyond).toEqual({ data: [], totalCount: 23, totalPage: 3, page: 9, limit: 10 });
  });

  it("returns nothing for an empty query, not the catalogue", async () => {
    expect(await searchProducts({ storeId: "main", q: "" })).toEqual({ data: [], totalCount: 0, totalPage: 0, page: 1, limit: 10 });
    expect((await searchProducts({ storeId: "main", q: "   \t" })).totalCount).toBe(0);
    expect((await searchProducts({ storeId: "main", q: "!!!" })).totalCount).toBe(0);
  });

  it("reads only the first 100 characters", async () => {
    const page = await searchProducts({ storeId: "main", q: `${q}${" ".repeat(100)}chocolate` });
    expect(page.totalCount).toBe(23);
  });
});

describe("search sorts", () => {
  it("sorts by discounted price both ways and by discount", async () => {
    const q = `${NONCE} sortwort`;
    await product(`${Nonce} Sortwort A`, { price: 100, discount: 50 }); // 50
    await product(`${Nonce} Sortwort B`, { price: 60 }); // 60
    await product(`${Nonce} Sortwort C`, { price: 80, discount: 10 }); // 72
    await product(`${Nonce} Sortwort D`, { price: 55 }); // 55
    invalidateSearchVocabulary();
    const sorted = async (sort: "price_asc" | "price_desc" | "discount") =>
      (await searchProducts({ storeId: "main", q, sort, limit: 100 })).data.filter((p) => p.name.includes("Sortwort"));
    const asc = await sorted("price_asc");
    expect(asc.map((p) => p.name.slice(-1))).toEqual(["A", "D", "B", "C"]);
    expect(asc.map((p) => discountedPrice(p.price, p.discount))).toEqual([50, 55, 60, 72]);
    expect((await sorted("price_desc")).map((p) => p.name.slice(-1))).toEqual(["C", "B", "D", "A"]);
    expect((await sorted("discount")).map((p) => p.name.slice(-1))).toEqual(["A", "C", "B", "D"]);
  });
});

describe("POST /api/product/search-product", () => {
  it("answers data, totalCount, totalPage, page and limit with full products in rupees", async () => {
    const res = await call({ search: PAGEWORD, page: 2, limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: false, totalCount: 23, totalPage: 5, page: 2, limit: 5 });
    const data = res.body.data as Record<string, unknown>[];
    expect(data).toHaveLength(5);
    expect(Object.keys(data[0]!).sort()).toEqual(
      [
        "_id",
        "category",
        "description",
        "discount",
        "image",
        "more_details",
        "name",
        "price",
        "publish",
        "stock",
        "subCategory",
        "unit",
      ].sort(),
    );
    expect(data[0]).toMatchObject({ price: 50, category: [{ _id: categoryId, name: `Search ${NONCE}` }] });
  });

  it("gives an empty page for a missing or blank search", async () => {
    for (const body of [{}, { search: "" }, { search: "   " }]) {
      const res = await call(body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ data: [], totalCount: 0, totalPage: 0, page: 1, limit: 10 });
    }
  });

  it("refuses bad bodies with 400 and the envelope, never 500", async () => {
    const bad: [unknown, string?][] = [
      [{ search: "x".repeat(201) }],
      [{ search: "x".repeat(10_240) }],
      [{ search: 42 }],
      [{ search: ["milk"] }],
      [{ search: "milk", page: 0 }],
      [{ search: "milk", page: -1 }],
      [{ search: "milk", page: 1.5 }],
      [{ search: "milk", page: "2" }],
      [{ search: "milk", page: 10_001 }],
      [{ search: "milk", page: 1e308 }],
      [{ search: "milk", limit: 0 }],
      [{ search: "milk", limit: 101 }],
      [{ search: "milk", limit: 1e9 }],
      [{ search: "milk", sort: "cheapest" }],
      [null, "not json"],
      [null, "[]"],
      [null, "null"],
      [null, '"milk"'],
      [null, "123"],
    ];
    for (const [body, raw] of bad) {
      const res = await call(body, raw);
      expect(res.status, JSON.stringify(body ?? raw).slice(0, 60)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: true });
      expect(typeof res.body.message).toBe("string");
    }
    const long = await call({ search: "x".repeat(201) });
    expect(long.body.message).toBe("search: Search text is too long");
    expect(long.body.fieldErrors).toEqual({ search: ["Search text is too long"] });
  });

  it("accepts 200 characters", async () => {
    const res = await call({ search: PAGEWORD.padEnd(200, " ") });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(23);
  });
});
