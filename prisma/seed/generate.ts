// Turns catalogue.ts into database rows: the same ids, names, prices and stock on every run.
// Each sub-category draws from its own PRNG stream, so editing one sub-category leaves the
// products of every other one as they were (their ids may shift, their content does not).
import { catalogImagePath } from "../../lib/media/catalog-art-spec";
import { toPaise } from "../../lib/money";
import {
  BRANDS,
  CATALOGUE,
  type BrandDef,
  type CategoryDef,
  type ItemDef,
  type PackShape,
  type SubCategoryDef,
} from "./catalogue";
import { hashString, pick, rngFrom, shuffle, type Rng } from "./prng";

/** How many products the demo shop carries ("a wide assortment of 5000+ products"). */
export const TARGET_PRODUCTS = 5200;
/** Every sub-category gets up to this many before the rest is shared out. */
const BASE_PER_SUB = 60;
/** Fixed clock for createdAt/updatedAt, so rows are byte-for-byte the same on every run. */
const SEED_EPOCH = Date.UTC(2026, 0, 1, 6, 0, 0);
const OUT_OF_STOCK_SHARE = 0.04;
const DISCOUNTS = [5, 5, 8, 10, 10, 10, 12, 15, 15, 18, 20, 20, 22, 25, 25, 30, 35, 40] as const;

export interface CategoryRow {
  id: string;
  name: string;
  nameKey: string;
  image: string;
  createdAt: Date;
  updatedAt: Date;
}
export interface SubCategoryRow {
  id: string;
  name: string;
  image: string;
  createdAt: Date;
  updatedAt: Date;
}
export interface ProductRow {
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
  createdAt: Date;
  updatedAt: Date;
}
export interface CatalogueRows {
  categories: CategoryRow[];
  subCategories: SubCategoryRow[];
  subCategoryCategories: { subCategoryId: string; categoryId: string }[];
  products: ProductRow[];
  productCategories: { productId: string; categoryId: string }[];
  productSubCategories: { productId: string; subCategoryId: string }[];
}

interface Candidate {
  name: string;
  unit: string;
  rupees: number;
  brandKey: string;
  brand: BrandDef;
  item: ItemDef;
  kindName: string;
  emoji: string;
  shape: PackShape;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const squash = (s: string) => s.replace(/\s+/g, " ").trim();
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// Place and variety names keep their capitals inside a sentence ("Sweet, juicy Nagpur orange").
const PROPER = new Set(
  (
    "Nagpur Shimla Kinnaur Royal Gala Alphonso Kesar Totapuri Banganapalli Ooty Robusta Nendran Kashmiri Byadgi " +
    "Guntur Lucknowi Kiran Hass Jammu Chitra Bombay Bansi Sharbati Punjabi Andhra Avakaya Kerala Spanish Himalayan " +
    "Assam Darjeeling Nilgiri Madras Malabar Monsoon Mysore Bikaneri Ratlami Greek California Mamra Kimia Medjool " +
    "Sona Masoori Kolam Ponni Swiss Danish French Hakka Schezwan Manchurian Manchow Khaman English Indian Kashmir"
  ).split(" "),
);

/** An item name as it reads inside a sentence: "Kesar Badam Flavoured Milk" → "Kesar badam flavoured milk". */
function inSentence(phrase: string): string {
  return phrase
    .split(" ")
    .map((w) =>
      /\d/.test(w) || /^[A-Z&-]{2,}$/.test(w) || PROPER.has(w.replace(/[(),]/g, "")) ? w : w.toLowerCase(),
    )
    .join(" ");
}

function brandOf(key: string): BrandDef {
  const brand = BRANDS[key];
  if (!brand) throw new Error(`catalogue.ts names an unknown brand: ${key}`);
  return brand;
}

/** "Greek Yogurt {k}" + "Mango" → "Greek Yogurt - Mango"; "{k} Curd" + "Thick" → "Thick Curd". */
export function itemName(item: ItemDef, kind: string): string {
  if (!item.name.includes("{k}")) return squash(`${kind} ${item.name}`);
  if (item.name.endsWith(" {k}"))
    return kind ? `${item.name.slice(0, -4)} - ${kind}` : item.name.slice(0, -4);
  return squash(item.name.replace("{k}", kind));
}

function candidatesOf(sub: SubCategoryDef): Candidate[][] {
  return sub.items.map((item) => {
    const out: Candidate[] = [];
    for (const kind of item.kinds ?? [""]) {
      const [kindName, kindEmoji] = typeof kind === "string" ? [kind, undefined] : kind;
      const base = itemName(item, kindName);
      for (const key of sub.brands) {
        const brand = brandOf(key);
        for (const [unit, rupees, sizeShape] of item.sizes) {
          out.push({
            name: squash(`${brand.inName ?? brand.name} ${base}`),
            unit,
            rupees,
            brandKey: key,
            brand,
            item,
            kindName,
            emoji: kindEmoji ?? item.emoji,
            shape: sizeShape ?? item.shape,
          });
        }
      }
    }
    return out;
  });
}

/** One of each item type first (so every item the catalogue names is on the shelf), then the rest at random. */
function ordered(rng: Rng, groups: Candidate[][]): Candidate[] {
  const first: Candidate[] = [];
  const rest: Candidate[] = [];
  for (const group of groups) {
    const copy = shuffle(rng, [...group]);
    const head = copy.shift();
    if (head) first.push(head);
    rest.push(...copy);
  }
  return [...first, ...shuffle(rng, rest)];
}

/** Whole-rupee shelf prices: ₹12, ₹45, ₹49, ₹199, ₹1,249 … */
function shelfPrice(x: number, rng: Rng): number {
  if (x < 20) return Math.max(5, Math.round(x));
  if (x < 100) {
    const v = Math.round(x);
    const tens = Math.floor(v / 10) * 10;
    const options = [tens - 1, tens, tens + 5, tens + 9, tens + 10].filter((o) => o >= 10);
    return options.reduce((best, o) => (Math.abs(o - v) < Math.abs(best - v) ? o : best));
  }
  if (x < 1000) return Math.round(x / 10) * 10 - (rng() < 0.55 ? 1 : 0);
  return Math.round(x / 50) * 50 - 1;
}

/** A brand's price level: house brand cheaper, organic dearer, the rest spread around the base price. */
function brandFactor(key: string): number {
  if (key === "kwik") return 0.9;
  if (key === "farm") return 1;
  if (key === "organic") return 1.4;
  return 0.92 + (hashString(key) % 1000) / 3300; // 0.92 … 1.22
}

function product(
  c: Candidate,
  cat: CategoryDef,
  sub: SubCategoryDef,
): Omit<ProductRow, "id" | "createdAt" | "updatedAt"> {
  const rng = rngFrom(`${sub.name}|${c.name}|${c.unit}`);
  const kindFactor = c.kindName ? 1 + (hashString(c.kindName) % 100) / 900 : 1; // up to +11 %
  const rupees = shelfPrice(c.rupees * brandFactor(c.brandKey) * kindFactor, rng);
  const discount = rng() < 0.45 ? 0 : pick(rng, DISCOUNTS);
  const stock = rng() < OUT_OF_STOCK_SHARE ? 0 : 5 + Math.floor(rng() * 196);
  const phrase = inSentence(squash(`${c.kindName} ${c.item.name.replace("{k}", "")}`));
  const about =
    c.item.about ?? capitalise((sub.about ?? "Quality {item}, carefully packed.").replace("{item}", phrase));
  // "… by Crumb & Co.." reads badly: one full stop is enough.
  const blurb = pick(rng, cat.blurbs).replace("{brand}", c.brand.name).replace(/\.\.$/, ".");
  const color = c.item.tint ?? c.brand.color;
  return {
    name: c.name,
    images: ([1, 2] as const).map((variant) =>
      catalogImagePath({ emoji: [c.emoji], shape: c.shape, color, variant }),
    ),
    unit: c.unit,
    stock,
    pricePaise: toPaise(rupees),
    discount,
    description: `${about} ${blurb}`,
    moreDetails: {
      Brand: c.brand.name,
      "Shelf Life": c.item.life ?? sub.life ?? cat.life,
      "Country of Origin": c.item.origin ?? "India",
      Storage: sub.storage ?? cat.storage,
    },
    published: true,
  };
}

/** The whole demo catalogue as rows, ready for createMany. Pure and deterministic. */
export function buildCatalogue(target = TARGET_PRODUCTS): CatalogueRows {
  const rows: CatalogueRows = {
    categories: [],
    subCategories: [],
    subCategoryCategories: [],
    products: [],
    productCategories: [],
    productSubCategories: [],
  };

  const at = (seconds: number) => new Date(SEED_EPOCH + seconds * 1000);
  const plan: {
    cat: CategoryDef;
    sub: SubCategoryDef;
    categoryId: string;
    subCategoryId: string;
    pool: Candidate[];
  }[] = [];

  let subIndex = 0;
  CATALOGUE.forEach((cat, ci) => {
    const categoryId = `cat${pad(ci + 1, 2)}`;
    rows.categories.push({
      id: categoryId,
      name: cat.name,
      nameKey: cat.name.toLowerCase(),
      image: catalogImagePath({ emoji: [...cat.tile], shape: "group", color: cat.color, variant: 1 }),
      createdAt: at(ci),
      updatedAt: at(ci),
    });
    for (const sub of cat.subs) {
      subIndex += 1;
      const subCategoryId = `sub${pad(subIndex, 3)}`;
      rows.subCategories.push({
        id: subCategoryId,
        name: sub.name,
        image: catalogImagePath({ emoji: [sub.emoji], shape: "plain", color: cat.color, variant: 1 }),
        createdAt: at(100 + subIndex),
        updatedAt: at(100 + subIndex),
      });
      rows.subCategoryCategories.push({ subCategoryId, categoryId });
      plan.push({
        cat,
        sub,
        categoryId,
        subCategoryId,
        pool: ordered(rngFrom(`pool|${sub.name}`), candidatesOf(sub)),
      });
    }
  });

  // Share the target out: everyone up to BASE_PER_SUB, then one more each in turn while stock lasts.
  const quota = plan.map((p) => Math.min(p.pool.length, BASE_PER_SUB));
  let total = quota.reduce((a, b) => a + b, 0);
  for (let grew = true; total < target && grew;) {
    grew = false;
    for (let i = 0; i < plan.length && total < target; i++) {
      if ((quota[i] ?? 0) < (plan[i]?.pool.length ?? 0)) {
        quota[i] = (quota[i] ?? 0) + 1;
        total += 1;
        grew = true;
      }
    }
  }

  const seen = new Set<string>();
  const chosen: { p: (typeof plan)[number]; c: Candidate }[] = [];
  plan.forEach((p, i) => {
    for (const c of p.pool.slice(0, quota[i])) {
      const key = `${c.name.toLowerCase()}|${c.unit}`;
      if (seen.has(key)) continue;
      seen.add(key);
      chosen.push({ p, c });
    }
  });

  // Spread createdAt so "newest first" mixes departments instead of listing one sub-category after another.
  const order = shuffle(
    rngFrom("created-order"),
    chosen.map((_, i) => i),
  );
  chosen.forEach(({ p, c }, i) => {
    const id = `prd${pad(i + 1, 5)}`;
    const created = at(10_000 + (order[i] ?? i) * 60);
    rows.products.push({ id, ...product(c, p.cat, p.sub), createdAt: created, updatedAt: created });
    rows.productCategories.push({ productId: id, categoryId: p.categoryId });
    rows.productSubCategories.push({ productId: id, subCategoryId: p.subCategoryId });
  });

  return rows;
}
