import "server-only";
import { prisma, Prisma } from "@/lib/db";
import { MAX_LIMIT, MAX_PAGE, type ProductSort } from "./params";
import type { Product, ProductCard, ProductDetail, ProductOf, Ref } from "./types";

// SQL shared by the catalogue reads. Product reads are raw SQL on purpose: one round trip returns the page, its
// total and (for the full shape) the category names, and the price sorts order by the discounted price, which
// Prisma's query builder cannot express. Every value goes in as a bound parameter; Prisma.raw is used only for
// constant text written here.

/** lib/money's rule in SQL: price − ceil(price × discount / 100) in whole rupees, never below zero. */
export const DISCOUNTED_PRICE_PAISE = Prisma.raw(
  `GREATEST(0, p."pricePaise" - CASE WHEN p.discount > 0 ` +
    `THEN (CEIL(p."pricePaise"::numeric * LEAST(p.discount, 100) / 10000) * 100)::int ELSE 0 END)`,
);

/**
 * A product's stock is its store's (issue 16): the StoreStock row of that store, 0 when there is none. Product reads
 * join it as `ss` (STORE_STOCK below reads it); `Product.stock` is not read by the shop any more.
 */
export const storeStockJoin = (storeId: string) =>
  Prisma.sql`LEFT JOIN "StoreStock" ss ON ss."productId" = p.id AND ss."storeId" = ${storeId}`;

/**
 * The default store's stock as `ss`: what the admin's product form and the contract's product create/update read
 * (they write Product.stock, which the database mirrors into the default store's StoreStock).
 */
export const DEFAULT_STORE_STOCK_JOIN = Prisma.raw(
  `LEFT JOIN "StoreStock" ss ON ss."productId" = p.id AND ss."storeId" = (SELECT s.id FROM "Store" s WHERE s."isDefault" LIMIT 1)`,
);

/** The joined store's stock of `p` (storeStockJoin). */
export const STORE_STOCK = Prisma.raw(`COALESCE(ss.stock, 0)`);

const CARD_COLUMNS = Prisma.raw(
  `p.id, p.name, p.images, p.unit, COALESCE(ss.stock, 0)::int AS stock, p."pricePaise", p.discount`,
);

const FULL_COLUMNS = Prisma.raw(
  `p.id, p.name, p.images, p.unit, COALESCE(ss.stock, 0)::int AS stock, p."pricePaise", p.discount, p.description, p."moreDetails", p.published,
   COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY lower(c.name), c.id)
             FROM "ProductCategory" pc JOIN "Category" c ON c.id = pc."categoryId"
             WHERE pc."productId" = p.id), '[]'::json) AS category,
   COALESCE((SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY lower(s.name), s.id)
             FROM "ProductSubCategory" ps JOIN "SubCategory" s ON s.id = ps."subCategoryId"
             WHERE ps."productId" = p.id), '[]'::json) AS "subCategory"`,
);

/** A product's columns; the statement must join the store's stock as `ss` (storeStockJoin). */
export const productColumns = (detail: ProductDetail) => (detail === "full" ? FULL_COLUMNS : CARD_COLUMNS);

export type ProductRow = {
  id: string;
  name: string;
  images: string[] | null;
  unit: string;
  stock: number;
  pricePaise: number;
  discount: number;
  description?: string;
  moreDetails?: unknown;
  published?: boolean;
  category?: Ref[] | null;
  subCategory?: Ref[] | null;
};

function moreDetails(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === null || v === undefined) continue;
    out[key] = typeof v === "string" ? v : JSON.stringify(v);
  }
  return out;
}

export function toProduct<D extends ProductDetail>(row: ProductRow, detail: D): ProductOf<D> {
  const card: ProductCard = {
    id: row.id,
    name: row.name,
    images: row.images ?? [],
    unit: row.unit,
    stock: row.stock,
    pricePaise: row.pricePaise,
    discount: row.discount,
  };
  if (detail === "card") return card as ProductOf<D>;
  const full: Product = {
    ...card,
    categories: row.category ?? [],
    subCategories: row.subCategory ?? [],
    description: row.description ?? "",
    moreDetails: moreDetails(row.moreDetails),
    published: row.published ?? true,
  };
  return full as ProductOf<D>;
}

/** ORDER BY for a product sort; `relevance` is the caller's own default order (it must end in a unique key). */
export function productOrder(sort: ProductSort, relevance: Prisma.Sql): Prisma.Sql {
  switch (sort) {
    case "price_asc":
      return Prisma.sql`${DISCOUNTED_PRICE_PAISE} ASC, ${NAME_ORDER}, p.id ASC`;
    case "price_desc":
      return Prisma.sql`${DISCOUNTED_PRICE_PAISE} DESC, ${NAME_ORDER}, p.id ASC`;
    case "discount":
      return Prisma.sql`p.discount DESC, ${relevance}`;
    default:
      return relevance;
  }
}

/**
 * The columns a `matches` CTE must carry (from a product aliased `q`, with its store's stock joined as `qs`:
 * storeStockOfQ) so that every sort can order it.
 */
export const SORT_COLUMNS_OF_Q = Prisma.raw(
  `q.id, q.name, COALESCE(qs.stock, 0) AS stock, q."pricePaise", q.discount, q."createdAt"`,
);

/** The store's stock of a product aliased `q`, as `qs` (SORT_COLUMNS_OF_Q reads it). */
export const storeStockOfQ = (storeId: string) =>
  Prisma.sql`LEFT JOIN "StoreStock" qs ON qs."productId" = q.id AND qs."storeId" = ${storeId}`;

/**
 * Name order, case-insensitive, compared byte-wise: the same order on every server whatever its locale, and
 * several times faster to sort than a locale collation.
 */
export const NAME_ORDER = Prisma.raw(`lower(p.name) COLLATE "C" ASC`);

/**
 * One page of products and the total in one statement. `withClause` must define a CTE named `matches` with
 * SORT_COLUMNS_OF_Q (plus whatever `order` reads); `order` refers to it as `p`. The page is cut with ORDER BY …
 * LIMIT (a top-N sort: numbering every match first cost a full sort, a third of a 6,000-match search), its rows
 * numbered in that order, and only they are joined back to their products. The total comes back even past the end.
 */
export type ProductPageQuery<D extends ProductDetail> = {
  /** whose stock the rows carry (the CTE's `stock` must be the same store's) */
  storeId: string;
  withClause: Prisma.Sql;
  order: Prisma.Sql;
  limit: number;
  offset: number;
  detail: D;
};

/** The statement of queryProductPage, exported for EXPLAIN ANALYZE in benchmarks. */
export function productPageSql<D extends ProductDetail>(args: ProductPageQuery<D>): Prisma.Sql {
  return Prisma.sql`
    WITH ${args.withClause}
    SELECT t.total, pg.* FROM (SELECT count(*)::int AS total FROM matches) t
    LEFT JOIN LATERAL (
      SELECT ${productColumns(args.detail)}
      FROM (SELECT p.id, row_number() OVER (ORDER BY ${args.order}) AS pos
            FROM (SELECT * FROM matches p ORDER BY ${args.order} LIMIT ${args.limit} OFFSET ${args.offset}) p) page_ids
      JOIN "Product" p ON p.id = page_ids.id
      ${storeStockJoin(args.storeId)}
      ORDER BY page_ids.pos
    ) pg ON true`;
}

export async function queryProductPage<D extends ProductDetail>(
  args: ProductPageQuery<D>,
): Promise<{ rows: ProductOf<D>[]; total: number }> {
  const rows = await prisma.$queryRaw<(Partial<ProductRow> & { total: number })[]>(productPageSql(args));
  const total = rows[0]?.total ?? 0;
  const page = rows.filter((r): r is ProductRow & { total: number } => typeof r.id === "string");
  return { rows: page.map((r) => toProduct(r, args.detail)), total };
}

/**
 * Published products by id in the given order, with `storeId`'s stock (a page cut from a kept ranking: one primary-key
 * probe per id). An id no longer published or gone is left out.
 */
export async function queryProductsByIds<D extends ProductDetail>(
  storeId: string,
  ids: readonly string[],
  detail: D,
): Promise<ProductOf<D>[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.$queryRaw<ProductRow[]>`
    SELECT ${productColumns(detail)}
    FROM unnest(${[...ids]}::text[]) WITH ORDINALITY AS page_ids(id, pos)
    JOIN "Product" p ON p.id = page_ids.id
    ${storeStockJoin(storeId)}
    WHERE p.published
    ORDER BY page_ids.pos`;
  return rows.map((r) => toProduct(r, detail));
}

/** Page and limit as whole numbers within bounds, for callers (pages) that did not validate them. */
export function clampPaging(page: unknown, limit: unknown, fallbackLimit: number) {
  const p = Number.isSafeInteger(page) ? Math.min(Math.max(page as number, 1), MAX_PAGE) : 1;
  const l = Number.isSafeInteger(limit) ? Math.min(Math.max(limit as number, 1), MAX_LIMIT) : fallbackLimit;
  return { page: p, limit: l, offset: (p - 1) * l };
}
