// Adds the 100,000 generated products (scale-catalogue.ts) to a database that already holds the demo seed.
// Usage: DATABASE_URL=… node --import tsx bench/lib/scale-seed.ts [count]
// Bulk insert: one multi-row INSERT … SELECT FROM json_to_recordset per 5,000 rows, in one transaction (the
// searchVector trigger and the indexes do their work as rows arrive), then ANALYZE so the planner knows the size.
import { createHash } from "node:crypto";
import pg from "pg";
import { buildScaleCatalogue, SCALE_PRODUCTS } from "./scale-catalogue";

const BATCH = 5_000;

async function insert(client: pg.Client, table: string, types: Record<string, string>, rows: object[]) {
  const cols = Object.keys(types).map((c) => `"${c}"`);
  const record = Object.entries(types)
    .map(([c, t]) => `"${c}" ${t}`)
    .join(", ");
  const sql = `INSERT INTO "${table}" (${cols.join(", ")}) SELECT ${cols.join(", ")} FROM json_to_recordset($1::json) AS x(${record})`;
  for (let i = 0; i < rows.length; i += BATCH) await client.query(sql, [JSON.stringify(rows.slice(i, i + BATCH))]);
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const count = Number(process.argv[2] ?? SCALE_PRODUCTS);
  const t0 = performance.now();
  const rows = buildScaleCatalogue(count);
  const built = performance.now() - t0;
  // a fingerprint of the generated rows: the same on every run, so two benches measured the same catalogue
  const fingerprint = createHash("sha256").update(JSON.stringify(rows)).digest("hex").slice(0, 12);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [{ n }] = (await client.query(`SELECT count(*)::int AS n FROM "Product" WHERE id LIKE 'gen%'`)).rows;
    if (n > 0) throw new Error(`the database already holds ${n} generated products`);
    const t1 = performance.now();
    await client.query("BEGIN");
    await insert(
      client,
      "Product",
      {
        id: "text",
        name: "text",
        images: "text[]",
        unit: "text",
        stock: "integer",
        pricePaise: "integer",
        discount: "integer",
        description: "text",
        moreDetails: "jsonb",
        published: "boolean",
        createdAt: "timestamp(3)",
        updatedAt: "timestamp(3)",
      },
      rows.products,
    );
    await insert(client, "ProductCategory", { productId: "text", categoryId: "text" }, rows.productCategories);
    await insert(client, "ProductSubCategory", { productId: "text", subCategoryId: "text" }, rows.productSubCategories);
    await client.query("COMMIT");
    const inserted = performance.now() - t1;
    const t2 = performance.now();
    await client.query(`VACUUM ANALYZE "Product", "ProductCategory", "ProductSubCategory"`);
    const analyzed = performance.now() - t2;
    console.log(
      JSON.stringify({
        products: rows.products.length,
        fingerprint,
        buildMs: Math.round(built),
        insertMs: Math.round(inserted),
        vacuumAnalyzeMs: Math.round(analyzed),
      }),
    );
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(`scale-seed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
