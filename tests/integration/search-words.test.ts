import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { searchProducts } from "@/lib/catalog/search";
import { invalidateSearchVocabulary } from "@/lib/catalog/search-vocabulary";
import { prisma } from "@/lib/db";

// The spelling vocabulary is the "SearchWord" table, kept by triggers on "Product" (migration search_words).
// A typo finds a product as soon as it is added or renamed, and stops pointing at it once it is renamed,
// unpublished or deleted; the table always holds what a scan of the published names would count.

const letters = (n: number) => Array.from({ length: n }, () => "bcdfghjklmnpqrstvwxz"[randomInt(20)]).join("");
// made-up words only this file uses; each typo swaps two letters ("…ora" → "…roa")
const WORD = `zu${letters(3)}ora`;
const TYPO = `${WORD.slice(0, 5)}roa`;
const RENAMED = `yo${letters(3)}ima`;
const RENAMED_TYPO = `${RENAMED.slice(0, 5)}mia`;

let categoryId = "";
let subCategoryId = "";

async function addProduct(name: string) {
  const product = await prisma.product.create({
    data: {
      name,
      images: ["/media/w.webp"],
      unit: "1 pc",
      stock: 5,
      pricePaise: 5000,
      description: "A product of the search-words test.",
      categories: { create: [{ categoryId }] },
      subCategories: { create: [{ subCategoryId }] },
    },
    select: { id: true },
  });
  invalidateSearchVocabulary(); // what the admin's writes do through invalidateCatalog
  return product.id;
}

async function found(q: string) {
  invalidateSearchVocabulary();
  return (await searchProducts({ storeId: "main", q, limit: 100 })).data.map((p) => p.name);
}

/** Words whose count in "SearchWord" differs from a ts_stat scan of the published names (one snapshot). */
async function drift() {
  return prisma.$queryRaw<{ word: string }[]>`
    SELECT coalesce(a.word, b.word) AS word
    FROM (SELECT word, ndoc FROM "SearchWord" WHERE ndoc > 0) a
    FULL JOIN (SELECT word, ndoc::int FROM ts_stat('SELECT to_tsvector(''simple'', name) FROM "Product" WHERE published')) b
      ON a.word = b.word
    WHERE a.ndoc IS DISTINCT FROM b.ndoc`;
}

beforeAll(async () => {
  const suffix = letters(6);
  const category = await prisma.category.create({
    data: { name: `Words ${suffix}`, nameKey: `words ${suffix}`, image: "/c.webp" },
  });
  categoryId = category.id;
  const sub = await prisma.subCategory.create({
    data: { name: `Words ${suffix}`, image: "/s.webp", categories: { create: [{ categoryId }] } },
  });
  subCategoryId = sub.id;
});

describe("spelling vocabulary kept by triggers", () => {
  it("corrects a typo towards a product added a moment ago, then follows its renaming", async () => {
    const id = await addProduct(`${WORD} Crunch Bar`);
    expect(await found(TYPO)).toEqual([`${WORD} Crunch Bar`]);

    await prisma.product.update({ where: { id }, data: { name: `${RENAMED} Crunch Bar` } });
    expect(await found(TYPO)).toEqual([]);
    expect(await found(RENAMED_TYPO)).toEqual([`${RENAMED} Crunch Bar`]);
    expect(await drift()).toEqual([]);
  });

  it("forgets the words of unpublished and deleted products, and counts each product once", async () => {
    const word = `qe${letters(3)}ulo`;
    const first = await addProduct(`${word} ${word} Tea`); // a word twice in one name counts once
    const second = await addProduct(`${word} Coffee`);
    const [row] = await prisma.$queryRaw<{ ndoc: number }[]>`SELECT ndoc FROM "SearchWord" WHERE word = ${word}`;
    expect(row?.ndoc).toBe(2);

    await prisma.product.update({ where: { id: first }, data: { published: false } });
    await prisma.product.delete({ where: { id: second } });
    const [gone] = await prisma.$queryRaw<{ ndoc: number }[]>`SELECT ndoc FROM "SearchWord" WHERE word = ${word}`;
    expect(gone?.ndoc).toBe(0);
    expect(await drift()).toEqual([]);

    // a stock change (every order makes one) leaves the vocabulary alone
    await prisma.product.update({ where: { id: first }, data: { published: true } });
    await prisma.product.update({ where: { id: first }, data: { stock: { decrement: 1 } } });
    const [back] = await prisma.$queryRaw<{ ndoc: number }[]>`SELECT ndoc FROM "SearchWord" WHERE word = ${word}`;
    expect(back?.ndoc).toBe(1);
    expect(await drift()).toEqual([]);
  });
});
