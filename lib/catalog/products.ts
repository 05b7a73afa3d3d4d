import "server-only";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { ADMIN_PAGE_SIZE, CATEGORY_ROW_SIZE, LISTING_PAGE_SIZE, type ProductSort } from "./params";
import { searchProductMatches } from "./search";
import {
  clampPaging,
  productColumns,
  productOrder,
  queryProductPage,
  NAME_ORDER,
  SORT_COLUMNS_OF_Q,
  STORE_STOCK,
  storeStockJoin,
  storeStockOfQ,
  toProduct,
  type ProductRow,
} from "./sql";
import type { AdminProductPage, ListingPage, Product, ProductCard, ProductDetail, ProductOf } from "./types";

// Product reads for shoppers and the admin list. Only published products exist for them: an unpublished
// product is one deleted while past orders still refer to it. Every read is of one store (issue 16): a product's
// `stock` is that store's StoreStock (0 without a row) and "in stock first" means in stock there. The store id is
// always an explicit argument (never a cookie read here): cached pages are kept per store.

/** The listing's relevance: in stock at the store first (`p` is the matches CTE, whose stock is the store's). */
const IN_STOCK_THEN_NAME = Prisma.sql`(p.stock > 0) DESC, ${NAME_ORDER}, p.id ASC`;

/**
 * A home-page row: up to 15 products of a category, in stock first, then the best discounts, then the newest.
 * Throws NOT_FOUND when the category does not exist (an existing category with no products gives []).
 */
export async function listProductsByCategory<D extends ProductDetail = "card">(
  storeId: string,
  categoryId: string,
  options: { detail?: D; limit?: number } = {},
): Promise<ProductOf<D>[]> {
  const detail = (options.detail ?? "card") as D;
  const { limit } = clampPaging(1, options.limit, CATEGORY_ROW_SIZE);
  const rows = await prisma.$queryRaw<ProductRow[]>`
    SELECT ${productColumns(detail)}
    FROM "ProductCategory" x JOIN "Product" p ON p.id = x."productId"
    ${storeStockJoin(storeId)}
    WHERE x."categoryId" = ${categoryId} AND p.published
    ORDER BY (${STORE_STOCK} > 0) DESC, p.discount DESC, p."createdAt" DESC, p.id DESC
    LIMIT ${limit}`;
  if (rows.length === 0) await assertCategoryExists(categoryId);
  return rows.map((r) => toProduct(r, detail));
}

export type SubCategoryListingInput<D extends ProductDetail> = {
  /** whose stock the products carry */
  storeId: string;
  categoryId: string;
  subCategoryId: string;
  page?: number;
  limit?: number;
  sort?: ProductSort;
  detail?: D;
};

/**
 * The sub-category listing: products in both the category and the sub-category, paged (default 8).
 * relevance = in stock first, then name; price sorts use the discounted price. Throws NOT_FOUND when the
 * category or the sub-category does not exist.
 */
export async function listProductsBySubCategory<D extends ProductDetail = "card">(
  input: SubCategoryListingInput<D>,
): Promise<ListingPage<ProductOf<D>>> {
  const detail = (input.detail ?? "card") as D;
  const { page, limit, offset } = clampPaging(input.page, input.limit, LISTING_PAGE_SIZE);
  const { rows, total } = await queryProductPage({
    storeId: input.storeId,
    withClause: Prisma.sql`matches AS (
      SELECT ${SORT_COLUMNS_OF_Q}
      FROM "ProductSubCategory" x JOIN "Product" q ON q.id = x."productId"
      ${storeStockOfQ(input.storeId)}
      WHERE x."subCategoryId" = ${input.subCategoryId} AND q.published
        AND EXISTS (SELECT 1 FROM "ProductCategory" c
                    WHERE c."productId" = x."productId" AND c."categoryId" = ${input.categoryId}))`,
    order: productOrder(input.sort ?? "relevance", IN_STOCK_THEN_NAME),
    limit,
    offset,
    detail,
  });
  if (total === 0) {
    await assertCategoryExists(input.categoryId);
    const sub = await prisma.subCategory.findUnique({
      where: { id: input.subCategoryId },
      select: { id: true },
    });
    if (!sub) throw new AppError("NOT_FOUND", "Sub-category not found");
  }
  return { data: rows, totalCount: total, page, limit };
}

/** One published product with its categories and sub-categories and the store's stock; NOT_FOUND otherwise. */
export async function getProductDetails(productId: string, storeId: string): Promise<Product> {
  const [row] = await prisma.$queryRaw<ProductRow[]>`
    SELECT ${productColumns("full")} FROM "Product" p ${storeStockJoin(storeId)}
    WHERE p.id = ${productId} AND p.published`;
  if (!row) throw new AppError("NOT_FOUND", "Product not found");
  return toProduct(row, "full");
}

/**
 * The admin product list (`POST /api/product/get`): newest first, 12 a page, with the store's stock; with search
 * text the shop's search decides what matches and in which order (so typos find products here too).
 */
export async function listProducts(input: {
  storeId: string;
  page?: number;
  limit?: number;
  search?: string;
}): Promise<AdminProductPage> {
  const { limit, offset } = clampPaging(input.page, input.limit, ADMIN_PAGE_SIZE);
  const search = input.search?.trim() ?? "";
  const { storeId } = input;
  const { rows, total } = search
    ? await searchProductMatches({ storeId, q: search, sort: "relevance", limit, offset, detail: "full" })
    : await newestProducts(storeId, limit, offset);
  return { data: rows, totalCount: total, totalNoPage: Math.ceil(total / limit) };
}

/** Newest first straight from the (published, createdAt) index, without ranking the whole catalogue. */
async function newestProducts(storeId: string, limit: number, offset: number) {
  const rows = await prisma.$queryRaw<(Partial<ProductRow> & { total: number })[]>`
    SELECT (SELECT count(*)::int FROM "Product" WHERE published) AS total, pg.*
    FROM (SELECT 1) one LEFT JOIN LATERAL (
      SELECT ${productColumns("full")} FROM "Product" p ${storeStockJoin(storeId)} WHERE p.published
      ORDER BY p."createdAt" DESC, p.id DESC LIMIT ${limit} OFFSET ${offset}
    ) pg ON true`;
  const page = rows.filter((r): r is ProductRow & { total: number } => typeof r.id === "string");
  return { rows: page.map((r) => toProduct(r, "full")), total: rows[0]?.total ?? 0 };
}

async function assertCategoryExists(categoryId: string) {
  const category = await prisma.category.findUnique({ where: { id: categoryId }, select: { id: true } });
  if (!category) throw new AppError("NOT_FOUND", "Category not found");
}

/** How many products the home page's "Buy again" row shows at most. */
export const BUY_AGAIN_SIZE = 12;

/**
 * A shopper's "Buy again" row (issue 18): the products they ordered most (units over their orders that were not
 * cancelled or left unpaid, the latest order breaking ties), published and in stock at the store now.
 */
export async function listBuyAgainProducts(userId: string, storeId: string): Promise<ProductCard[]> {
  const rows = await prisma.$queryRaw<ProductRow[]>`
    WITH bought AS (
      SELECT l."productId", SUM(l.quantity) AS units, MAX(o."createdAt") AS last
      FROM "OrderLine" l JOIN "Order" o ON o.id = l."orderId"
      WHERE o."userId" = ${userId} AND o.status NOT IN ('CANCELLED', 'PENDING_PAYMENT')
      GROUP BY l."productId"
    )
    SELECT ${productColumns("card")}
    FROM bought b JOIN "Product" p ON p.id = b."productId"
    ${storeStockJoin(storeId)}
    WHERE p.published AND ${STORE_STOCK} > 0
    ORDER BY b.units DESC, b.last DESC, p.id ASC
    LIMIT ${BUY_AGAIN_SIZE}`;
  return rows.map((r) => toProduct(r, "card"));
}
