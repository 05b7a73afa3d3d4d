import "server-only";
import { Prisma } from "@/lib/db";
import { SEARCH_PAGE_SIZE, type ProductSort } from "./params";
import { anyOfQuery, planSearch, prefixQuery, type SearchTerm } from "./search-terms";
import { getSearchVocabulary } from "./search-vocabulary";
import { clampPaging, productOrder, queryProductPage, NAME_ORDER, SORT_COLUMNS_OF_Q, type ProductPageQuery } from "./sql";
import type { ProductDetail, ProductOf, SearchPage } from "./types";

// Product search: PostgreSQL full-text search on "searchVector" (name in the english and simple configs at
// weight A, description at C; GIN index) by word prefix, with misspelt words replaced by their closest
// catalogue words (search-terms.ts) and trigram similarity on the name (pg_trgm GIN index) as the last resort.
//
// Words are OR-ed: a product matching more of the typed words ranks first ("amul milk" puts Amul's milk
// before other milk and other Amul products), then by score, then in stock, then name and id, so the order is
// total and pages never overlap. Score per word: 1 when a name word starts with it, +0.5 when a whole name
// word is it, 0.2 when only the description matches; +1 when the product's sub-category is named by it
// ("milk" puts Toned Milk, in Milk, above Milk Chocolate and Rusk - Milk); a corrected word scores 0.8× (0.7×
// for the runners-up), a trigram match 0.5× its similarity. ts_rank_cd is not used: it costs more per row and
// rewards names that repeat a prefix ("Mills … Milk" above plain "Milk" for "mil").
//
// One statement per search; each word (and each correction) is its own branch, a bitmap scan of the GIN index
// on "searchVector" when the planner finds it selective. On a 5,000-product table it prefers a sequential scan
// for common words ("milk") unless random_page_cost says the disk is an SSD (1.1); both stay fast.

/** A tsquery in both configurations the vector was built with (stems for english, raw words for simple). */
const tsQuery = (source: string) =>
  Prisma.sql`(to_tsquery('simple', ${source}) || to_tsquery('english', ${source}))`;

/** Sub-categories named by the word or its corrections (a few dozen rows, scanned once per word). */
const subCategoriesCte = (term: SearchTerm, ord: number) =>
  Prisma.sql`${Prisma.raw(`subs_${ord}`)} AS (
    SELECT s.id FROM "SubCategory" s
    WHERE (to_tsvector('simple', s.name) || to_tsvector('english', s.name))
          @@ ${tsQuery(anyOfQuery([term.term, ...term.corrections], ":*"))})`;

function wordScore(word: string, ord: number) {
  return Prisma.sql`CASE WHEN p."searchVector" @@ ${tsQuery(prefixQuery(word) + "A")}
      THEN 1.0 + CASE WHEN p."searchVector" @@ ${tsQuery(`'${word}':A`)} THEN 0.5 ELSE 0 END
      ELSE 0.2 END
    + CASE WHEN EXISTS (SELECT 1 FROM "ProductSubCategory" ps
                        WHERE ps."productId" = p.id AND ps."subCategoryId" IN (SELECT id FROM ${Prisma.raw(`subs_${ord}`)}))
      THEN 1.0 ELSE 0 END`;
}

function termBranches(term: SearchTerm, ord: number): Prisma.Sql[] {
  const branches = [
    Prisma.sql`SELECT p.id, ${ord}::int AS ord, ${wordScore(term.term, ord)} AS s
      FROM "Product" p WHERE p.published AND p."searchVector" @@ ${tsQuery(prefixQuery(term.term))}`,
  ];
  term.corrections.forEach((word, i) => {
    const weight = i === 0 ? 0.8 : 0.7;
    branches.push(Prisma.sql`SELECT p.id, ${ord}::int, ${weight}::float8 * (${wordScore(word, ord)})
      FROM "Product" p WHERE p.published AND p."searchVector" @@ ${tsQuery(prefixQuery(word))}`);
  });
  if (term.fuzzy) {
    branches.push(Prisma.sql`SELECT p.id, ${ord}::int, 0.5 * word_similarity(${term.term}, p.name)
      FROM "Product" p WHERE p.published AND ${term.term} <% p.name`);
  }
  return branches;
}

const RELEVANCE = Prisma.sql`p.matched DESC, p.score DESC, (p.stock > 0) DESC, ${NAME_ORDER}, p.id ASC`;

type MatchArgs<D extends ProductDetail> = { q: string; sort: ProductSort; limit: number; offset: number; detail: D };

/** The search statement for `q`, or null when nothing searchable was typed (exported for EXPLAIN in benchmarks). */
export async function searchSql<D extends ProductDetail>(args: MatchArgs<D>): Promise<ProductPageQuery<D> | null> {
  const vocabulary = await getSearchVocabulary();
  const terms = planSearch(args.q, vocabulary);
  if (terms.length === 0) return null;
  const branches = terms.flatMap((term, i) => termBranches(term, i + 1));
  return {
    withClause: Prisma.sql`${Prisma.join(terms.map((term, i) => subCategoriesCte(term, i + 1)), ", ")},
      hits AS (${Prisma.join(branches, " UNION ALL ")}),
      per_term AS (SELECT id, max(s) AS s FROM hits GROUP BY id, ord),
      ranked AS (SELECT id, count(*)::int AS matched, sum(s)::float8 AS score FROM per_term GROUP BY id),
      matches AS (SELECT ${SORT_COLUMNS_OF_Q}, r.matched, r.score FROM ranked r JOIN "Product" q ON q.id = r.id)`,
    order: productOrder(args.sort, RELEVANCE),
    limit: args.limit,
    offset: args.offset,
    detail: args.detail,
  };
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
  q: string;
  page?: number;
  limit?: number;
  sort?: ProductSort;
  detail?: D;
}): Promise<SearchPage<ProductOf<D>>> {
  const detail = (input.detail ?? "card") as D;
  const { page, limit, offset } = clampPaging(input.page, input.limit, SEARCH_PAGE_SIZE);
  const { rows, total } = await searchProductMatches({
    q: input.q,
    sort: input.sort ?? "relevance",
    limit,
    offset,
    detail,
  });
  return { data: rows, totalCount: total, totalPage: Math.ceil(total / limit), page, limit };
}
