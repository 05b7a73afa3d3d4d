// EXPLAIN (ANALYZE) of the shop's real search statement (searchSql + productPageSql from lib/catalog, first page
// of 10 in the REST call's "full" shape), and the time the spelling vocabulary takes to load and to plan a query.
// Usage: DATABASE_URL=… node --conditions=react-server --import tsx bench/lib/search-explain.ts RUNS q1 q2 …
// (react-server: lib/catalog is "server-only"). Prints one JSON object on stdout.
import pg from "pg";
import { planSearch } from "@/lib/catalog/search-terms";
import { rankingSql, searchSql } from "@/lib/catalog/search";
import { RANKING_CAP } from "@/lib/catalog/search-cache";
import { getSearchVocabulary, invalidateSearchVocabulary } from "@/lib/catalog/search-vocabulary";
import { productPageSql } from "@/lib/catalog/sql";
import { prisma } from "@/lib/db";

type PlanNode = { "Node Type": string; "Index Name"?: string; "Relation Name"?: string; Plans?: PlanNode[] };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const stats = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return { p50: +percentile(s, 50).toFixed(2), p95: +percentile(s, 95).toFixed(2), max: +s[s.length - 1]!.toFixed(2) };
};

/** Index scans ("Product_searchVector_idx") and sequential scans ("Seq Scan on Product") in a plan. */
function accessPaths(node: PlanNode, out = new Set<string>()): Set<string> {
  if (node["Index Name"]) out.add(node["Index Name"]);
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) out.add(`Seq Scan on ${node["Relation Name"]}`);
  for (const child of node.Plans ?? []) accessPaths(child, out);
  return out;
}

async function main() {
  const [runsArg, ...queries] = process.argv.slice(2);
  const runs = Number(runsArg ?? 30);
  // the app's connection settings (lib/db/client.ts)
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL, options: "-c random_page_cost=1.1" });
  await client.connect();
  try {
    // the vocabulary: a cold load (what the first search after a catalogue write waits for), then the planning alone
    // warm-up: the client's first queries pay for its connection and query compiler, not for the vocabulary
    for (let i = 0; i < 3; i++) await prisma.$queryRaw`SELECT 1`;
    const loads: number[] = [];
    for (let i = 0; i < 10; i++) {
      invalidateSearchVocabulary();
      const t = performance.now();
      await getSearchVocabulary();
      loads.push(performance.now() - t);
    }
    const vocabulary = await getSearchVocabulary();

    const results = [];
    for (const q of queries) {
      const plans: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        planSearch(q, vocabulary);
        plans.push(performance.now() - t);
      }
      const terms = planSearch(q, vocabulary);
      const query = await searchSql({ storeId: "main", q, sort: "relevance", limit: 10, offset: 0, detail: "full" });
      if (!query) throw new Error(`nothing searchable in ${q}`);
      const sql = productPageSql(query);
      const times: number[] = [];
      let paths = new Set<string>();
      let total = 0;
      let first = "";
      for (let i = 0; i < runs; i++) {
        const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`, sql.values as unknown[]);
        const [explained] = rows[0]["QUERY PLAN"] as [{ Plan: PlanNode; "Execution Time": number }];
        times.push(explained["Execution Time"]);
        paths = accessPaths(explained.Plan);
      }
      // the ranking the shop keeps and pages through (lib/catalog/search-cache.ts): what a search costs the first time
      const rank = await rankingSql({ storeId: "main", q, sort: "relevance", cap: RANKING_CAP });
      const rankTimes: number[] = [];
      for (let i = 0; rank && i < runs; i++) {
        const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${rank.text}`, rank.values as unknown[]);
        rankTimes.push((rows[0]["QUERY PLAN"] as [{ "Execution Time": number }])[0]["Execution Time"]);
      }
      const { rows } = await client.query(sql.text, sql.values as unknown[]);
      total = rows[0]?.total ?? 0;
      first = rows[0]?.name ?? "";
      results.push({
        q,
        corrections: terms.flatMap((t) => t.corrections),
        fuzzy: terms.some((t) => t.fuzzy),
        total,
        first,
        execution: stats(times),
        ranking: stats(rankTimes),
        planning: stats(plans),
        paths: [...paths],
      });
    }
    console.log(
      JSON.stringify({
        products: (await client.query(`SELECT count(*)::int AS n FROM "Product" WHERE published`)).rows[0].n,
        vocabularyWords: vocabulary.length,
        vocabularyLoad: stats(loads),
        results,
      }),
    );
  } finally {
    await client.end();
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(`search-explain: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
