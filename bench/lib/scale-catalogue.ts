// 100,000 generated products for the search-at-scale bench (bench/search-scale.mjs), added on top of the demo
// seed. Pure and deterministic: product n is the same on every machine and every run.
//
// Realistic on purpose, since search cost depends on the words: every product is one of the demo catalogue's
// own item types, kinds and pack sizes (catalogue.ts) under one of 2,400 invented brands, with a description
// built the way the seed builds it (so "milk" also matches curd, tea and sweets that mention milk). Each
// sub-category gets the same share (~1,400), with its own 120 brands. The brands add ~2,000 words to the
// spelling vocabulary, as a large real catalogue would; invented words near the benchmark's typos are skipped,
// so "panner" and "aata" stay typos whose correction is measured.
import { catalogImagePath } from "../../lib/media/catalog-art-spec";
import { toPaise } from "../../lib/money";
import { CATALOGUE } from "../../prisma/seed/catalogue";
import { itemName } from "../../prisma/seed/generate";
import { hashString, pick, rngFrom, type Rng } from "../../prisma/seed/prng";

export const SCALE_PRODUCTS = 100_000;
const BRAND_COUNT = 2_400;
const BRANDS_PER_SUB = 120;
/** After the demo seed's clock (2026-01-01 06:00 UTC + up to ~4 days), one product a minute. */
const EPOCH = Date.UTC(2026, 1, 1, 6, 0, 0);
const DISCOUNTS = [5, 8, 10, 10, 12, 15, 15, 20, 20, 25, 30, 40] as const;
/** The bench's query words and typos: no invented brand word may prefix-match or be within 2 edits of them. */
const KEEP_CLEAR = ["milk", "bread", "brown", "toned", "paneer", "panner", "chocolate", "choclate", "atta", "aata"];

const ONSETS = ["b", "ch", "d", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "sh", "t", "v", "y", "z"];
const VOWELS = ["a", "e", "i", "o", "u", "a", "i", "aa", "ee", "o"];
const CODAS = ["", "", "", "n", "r", "sh", "l", "m", "t"];
const SECONDS = [
  "Foods", "Farms", "Naturals", "Kitchen", "Harvest", "Organics", "Mills", "Fresh", "Valley", "Select",
  "Bazaar", "Essentials", "Home", "Pantry", "Greens", "Gold", "Choice", "Basket", "Traders", "Industries",
];

export type ScaleProduct = {
  id: string;
  name: string;
  images: string[];
  unit: string;
  stock: number;
  pricePaise: number;
  discount: number;
  description: string;
  moreDetails: Record<string, string>;
  published: boolean;
  createdAt: string;
  updatedAt: string;
};
export type ScaleRows = {
  products: ScaleProduct[];
  productCategories: { productId: string; categoryId: string }[];
  productSubCategories: { productId: string; subCategoryId: string }[];
};

/** Levenshtein distance, capped: enough to keep invented words away from the bench's query words. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[b.length]!;
}

function inventedWord(rng: Rng): string {
  const syllables = 2 + Math.floor(rng() * 2);
  let w = "";
  for (let s = 0; s < syllables; s++) w += pick(rng, ONSETS) + pick(rng, VOWELS);
  return w + pick(rng, CODAS);
}

/** 2,400 distinct brand names such as "Kavira Foods" or "Shonel Harvest". */
function inventBrands(): { name: string; color: string }[] {
  const rng = rngFrom("scale|brands");
  const names = new Set<string>();
  const out: { name: string; color: string }[] = [];
  while (out.length < BRAND_COUNT) {
    const word = inventedWord(rng);
    if (KEEP_CLEAR.some((q) => word.startsWith(q) || q.startsWith(word) || distance(word, q) <= 2)) continue;
    const name = `${word[0]!.toUpperCase()}${word.slice(1)} ${pick(rng, SECONDS)}`;
    if (names.has(name)) continue;
    names.add(name);
    out.push({ name, color: (hashString(name) & 0xffffff).toString(16).padStart(6, "0") });
  }
  return out;
}


const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** Shelf-style whole-rupee prices (₹49, ₹199 …) around the pack's demo price. */
function price(base: number, rng: Rng): number {
  const x = base * (0.8 + rng() * 0.6);
  if (x < 20) return Math.max(5, Math.round(x));
  if (x < 1000) return Math.round(x / 10) * 10 - 1;
  return Math.round(x / 50) * 50 - 1;
}

/** `count` generated products with ids gen000001…, in the demo's categories (cat01…) and sub-categories (sub001…). */
export function buildScaleCatalogue(count = SCALE_PRODUCTS): ScaleRows {
  const brands = inventBrands();
  const subs = CATALOGUE.flatMap((cat, ci) =>
    cat.subs.map((sub) => ({ cat, sub, categoryId: `cat${pad(ci + 1, 2)}` })),
  ).map((s, si) => ({
    ...s,
    subCategoryId: `sub${pad(si + 1, 3)}`,
    brands: Array.from({ length: BRANDS_PER_SUB }, (_, j) => brands[(hashString(s.sub.name) + j * 97) % BRAND_COUNT]!),
  }));
  const rows: ScaleRows = { products: [], productCategories: [], productSubCategories: [] };
  for (let n = 0; n < count; n++) {
    const rng = rngFrom(`scale|${n}`);
    const { cat, sub, categoryId, subCategoryId, brands: own } = subs[n % subs.length]!;
    const item = pick(rng, sub.items);
    const kind = pick(rng, item.kinds ?? [""]);
    const [kindName, kindEmoji] = typeof kind === "string" ? [kind, undefined] : kind;
    const [unit, rupees, sizeShape] = pick(rng, item.sizes);
    const brand = pick(rng, own);
    const phrase = `${kindName} ${item.name.replace("{k}", "")}`.replace(/\s+/g, " ").trim().toLowerCase();
    const about = item.about ?? (sub.about ?? "Quality {item}, carefully packed.").replace("{item}", phrase);
    const blurb = pick(rng, cat.blurbs).replace("{brand}", brand.name).replace(/\.\.$/, ".");
    const color = item.tint ?? brand.color;
    const id = `gen${pad(n + 1, 6)}`;
    const created = new Date(EPOCH + n * 60_000).toISOString();
    rows.products.push({
      id,
      name: `${brand.name} ${itemName(item, kindName)}`,
      images: ([1, 2] as const).map((variant) =>
        catalogImagePath({ emoji: [kindEmoji ?? item.emoji], shape: sizeShape ?? item.shape, color, variant }),
      ),
      unit,
      stock: rng() < 0.05 ? 0 : 5 + Math.floor(rng() * 196),
      pricePaise: toPaise(price(rupees, rng)),
      discount: rng() < 0.45 ? 0 : pick(rng, DISCOUNTS),
      description: `${about.charAt(0).toUpperCase()}${about.slice(1)} ${blurb}`,
      moreDetails: {
        Brand: brand.name,
        "Shelf Life": item.life ?? sub.life ?? cat.life,
        "Country of Origin": item.origin ?? "India",
        Storage: sub.storage ?? cat.storage,
      },
      published: true,
      createdAt: created,
      updatedAt: created,
    });
    rows.productCategories.push({ productId: id, categoryId });
    rows.productSubCategories.push({ productId: id, subCategoryId });
  }
  return rows;
}
