import "server-only";
import { prisma, Prisma } from "@/lib/db";
import { SEARCH_PAGE_SIZE, type ProductSort } from "./params";
import { anyOfQuery, planSearch, prefixQuery, type SearchTerm } from "./search-terms";
import { getSearchVocabulary } from "./search-vocabulary";
import { clampPaging, productOrder, queryProductPage, NAME_ORDER, type ProductPageQuery } from "./sql";
import type { ProductDetail, ProductOf, SearchPage } from "./types";

// Product search: PostgreSQL full-text search on "searchVector" (name in the english and simple configs at
// weight A, description at C; GIN index) by word prefix, with misspelt words replaced by their closest
// catalogue words (search-terms.ts) and trigram similarity on the name (pg_trgm GIN index) as the last resort.
//
// Words are OR-ed: a product matching more of the typed words ranks first ("amul milk" puts Amul's milk
// before other milk and other Amul products), then by score, then in stock (at the store searched), then name and
// id, so the order is total and pages never overlap. Score per word: 1 when a name word starts with it, +0.5 when a whole name
// word is it, 0.2 when only the description matches; +1 when the product's sub-category is named by it
// ("milk" puts Toned Milk, in Milk, above Milk Chocolate and Rusk - Milk); a corrected word scores 0.8× (0.7×
// for the runners-up), a trigram match 0.5× its similarity. ts_rank_cd is not used: it costs more per row and
// rewards names that repeat a prefix ("Mills … Milk" above plain "Milk" for "mil").
//
// One statement and one scan per search: a single bitmap scan of the GIN index on "searchVector" for every typed
// word and correction at once (OR-ed with the trigram index on the name for fuzzy terms), which computes each
// term's score on the row it reads. The tsqueries a row is tested against are computed once per statement
// (InitPlans), and "is in a sub-category the word names" is a probe of a hash built once per statement. At
// 105,000 products a common word ("milk") matches ~6,000 of them; reading each row once, with no per-term
// grouping and no second lookup of the product, is what keeps that within a few tens of milliseconds.

/** A tsquery in both configurations the vector was built with (stems for english, raw words for simple). */
const tsQuery = (source: string) =>
  Prisma.sql`(to_tsquery('simple', ${source}) || to_tsquery('english', ${source}))`;
/** The same, evaluated once per statement (an InitPlan) where rows are tested one by one, not by the index. */
const tsQueryOnce = (source: string) => Prisma.sql`(SELECT ${tsQuery(source)})`;

/** Sub-categories named by the word or its corrections (a few dozen rows, scanned once per word). */
const subCategoriesCte = (term: SearchTerm, ord: number) =>
  Prisma.sql`${Prisma.raw(`subs_${ord}`)} AS (
    SELECT s.id FROM "SubCategory" s
    WHERE (to_tsvector('simple', s.name) || to_tsvector('english', s.name))
          @@ ${tsQuery(anyOfQuery([term.term, ...term.corrections], ":*"))})`;

function wordScore(word: string, ord: number) {
  return Prisma.sql`CASE WHEN q."searchVector" @@ ${tsQueryOnce(prefixQuery(word) + "A")}
      THEN 1.0 + CASE WHEN q."searchVector" @@ ${tsQueryOnce(`'${word}':A`)} THEN 0.5 ELSE 0 END
      ELSE 0.2 END
    + CASE WHEN q.id IN (SELECT ps."productId" FROM "ProductSubCategory" ps
                         WHERE ps."subCategoryId" IN (SELECT id FROM ${Prisma.raw(`subs_${ord}`)}))
      THEN 1.0 ELSE 0 END`;
}

/**
 * A term's score on one product: the best of the word itself, its corrections and trigram similarity; NULL when
 * none matches. In numeric, so that equal scores are equal whatever order the terms are added in (as float8,
 * 0.2 + 1.2 + 1.0 and 1.0 + 0.2 + 1.2 differ in the last bit, and ties broke by accident instead of by name).
 */
function termScore(term: SearchTerm, ord: number): Prisma.Sql {
  const parts = [
    Prisma.sql`CASE WHEN q."searchVector" @@ ${tsQueryOnce(prefixQuery(term.term))}
      THEN ${wordScore(term.term, ord)} END`,
  ];
  term.corrections.forEach((word, i) => {
    const weight = i === 0 ? 0.8 : 0.7;
    parts.push(Prisma.sql`CASE WHEN q."searchVector" @@ ${tsQueryOnce(prefixQuery(word))}
      THEN ${weight}::numeric * (${wordScore(word, ord)}) END`);
  });
  if (term.fuzzy) {
    parts.push(
      Prisma.sql`CASE WHEN ${term.term} <% q.name THEN 0.5 * word_similarity(${term.term}, q.name)::float8::numeric END`,
    );
  }
  return Prisma.sql`GREATEST(${Prisma.join(parts, ", ")})`;
}

/** Rows worth scoring: any typed word or correction by prefix (one GIN scan), or a fuzzy term by trigrams. */
function anyTermMatches(terms: SearchTerm[]): Prisma.Sql {
  const words = [...new Set(terms.flatMap((t) => [t.term, ...t.corrections]))];
  const conditions = [Prisma.sql`q."searchVector" @@ ${tsQuery(anyOfQuery(words, ":*"))}`];
  for (const term of terms) if (term.fuzzy) conditions.push(Prisma.sql`${term.term} <% q.name`);
  return Prisma.join(conditions, " OR ");
}

const RELEVANCE = Prisma.sql`p.matched DESC, p.score DESC, (p.stock > 0) DESC, ${NAME_ORDER}, p.id ASC`;

type MatchArgs<D extends ProductDetail> = {
  /** whose stock the results carry and rank by ("in stock first") */
  storeId: string;
  q: string;
  sort: ProductSort;
  limit: number;
  offset: number;
  detail: D;
};

/** The search statement for `q`, or null when nothing searchable was typed (exported for EXPLAIN in benchmarks). */
export async function searchSql<D extends ProductDetail>(
  args: MatchArgs<D>,
): Promise<ProductPageQuery<D> | null> {
  const vocabulary = await getSearchVocabulary();
  const terms = planSearch(args.q, vocabulary);
  if (terms.length === 0) return null;
  const scores = terms.map((term, i) => Prisma.sql`${termScore(term, i + 1)} AS ${Prisma.raw(`t${i + 1}`)}`);
  const matched = terms.map((_, i) => Prisma.raw(`(t${i + 1} IS NOT NULL)::int`));
  const score = terms.map((_, i) => Prisma.raw(`COALESCE(t${i + 1}, 0)`));
  return {
    storeId: args.storeId,
    // OFFSET 0 keeps the scores a subquery, so each is computed once per row and not once per use; the store's
    // stock is joined to the matches only (one primary-key probe each), outside the scan that scores them
    withClause: Prisma.sql`${Prisma.join(
      terms.map((term, i) => subCategoriesCte(term, i + 1)),
      ", ",
    )},
      matches AS (
        SELECT s.id, s.name, COALESCE(ss.stock, 0) AS stock, s."pricePaise", s.discount, s."createdAt",
               ${Prisma.join(matched, " + ")} AS matched, (${Prisma.join(score, " + ")})::float8 AS score
        FROM (SELECT q.id, q.name, q."pricePaise", q.discount, q."createdAt", ${Prisma.join(scores, ", ")}
              FROM "Product" q WHERE q.published AND (${anyTermMatches(terms)}) OFFSET 0) s
        LEFT JOIN "StoreStock" ss ON ss."productId" = s.id AND ss."storeId" = ${args.storeId})`,
    order: productOrder(args.sort, RELEVANCE),
    limit: args.limit,
    offset: args.offset,
    detail: args.detail,
  };
}

/** Sorts whose order reads the store's stock ("in stock first"); the price sorts are the same at every store. */
export const sortReadsStock = (sort: ProductSort) => sort === "relevance" || sort === "discount";

type RankArgs = { storeId: string; q: string; sort: ProductSort; cap: number };

/** The ranking statement of rankSearch, or null when nothing searchable was typed (exported for EXPLAIN). */
export async function rankingSql(args: RankArgs): Promise<Prisma.Sql | null> {
  const query = await searchSql({ ...args, limit: args.cap, offset: 0, detail: "card" });
  if (!query) return null;
  return Prisma.sql`
    WITH ${query.withClause}
    SELECT (SELECT count(*)::int FROM matches) AS total,
           (SELECT array_agg(p.id ORDER BY ${query.order})
            FROM (SELECT * FROM matches p ORDER BY ${query.order} LIMIT ${args.cap}) p) AS ids`;
}

/**
 * The whole order of a search, once (search-cache.ts pages through it): the number of matches and the ids of the
 * first `cap` in the order of `sort` at `storeId`, the same order searchProducts pages through. One statement: the
 * same scan and scores as a page, with a top-`cap` sort instead of a top-10.
 */
export async function rankSearch(args: RankArgs): Promise<{ total: number; ids: string[] }> {
  const sql = await rankingSql(args);
  if (!sql) return { total: 0, ids: [] };
  const [row] = await prisma.$queryRaw<{ total: number; ids: string[] | null }[]>(sql);
  return { total: row?.total ?? 0, ids: row?.ids ?? [] };
}

/** Matching products for `q`: one page of them and their total. */
export async function searchProductMatches<D extends ProductDetail>(
  args: MatchArgs<D>,
): Promise<{ rows: ProductOf<D>[]; total: number }> {
  const query = await searchSql(args);
  return query ? queryProductPage(query) : { rows: [], total: 0 };
}

/**
 * The shop's search (`/search?q=` and `POST /api/product/search-product`): 10 a page by default (at most
 * 100), sorts as the listing. `q` is trimmed and only its first 100 characters are read; an empty query
 * gives an empty page, never the whole catalogue.
 */
export async function searchProducts<D extends ProductDetail = "card">(input: {
  /** whose stock the results carry and rank by */
  storeId: string;
  q: string;
  page?: number;
  limit?: number;
  sort?: ProductSort;
  detail?: D;
}): Promise<SearchPage<ProductOf<D>>> {
  const detail = (input.detail ?? "card") as D;
  const { page, limit, offset } = clampPaging(input.page, input.limit, SEARCH_PAGE_SIZE);
  const { rows, total } = await searchProductMatches({
    storeId: input.storeId,
    q: input.q,
    sort: input.sort ?? "relevance",
    limit,
    offset,
    detail,
  });
  return { data: rows, totalCount: total, totalPage: Math.ceil(total / limit), page, limit };
}
