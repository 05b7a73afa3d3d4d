// Catalogue pages and their REST calls under load, each beside a trivial route of the same server measured in
// the same run (issue 4). Starts the production build on its own embedded database with the demo catalogue
// (5,200 products), or uses BENCH_URL. Usage: npx next build && node bench/pages.mjs
// Options (environment): BENCH_SECONDS (per target, default 10), BENCH_CONNECTIONS (default 10).
import { jsonPost, measure } from "./lib/measure.mjs";
import { startServer, stopServer } from "./lib/server.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

// the seed's ids are stable: cat01 / sub001 is Dairy, Bread & Eggs / Milk, prd00001 its first product
const TARGETS = [
  // the static route (issue 19's yardstick: a file the server sends without rendering), then the two trivial routes:
  // a JSON call that touches nothing, and a dynamic page of the shop's layout with no data
  { name: "static route GET /robots.txt", path: "/robots.txt", trivial: "static" },
  { name: "trivial route GET /api/health", path: "/api/health", trivial: "api" },
  { name: "trivial page GET /success?text=Order", path: "/success?text=Order", trivial: "page" },
  { name: "home page GET /", path: "/", kind: "page" },
  { name: "listing page GET /Dairy-Bread-Eggs-cat01/Milk-sub001", path: "/Dairy-Bread-Eggs-cat01/Milk-sub001", kind: "page" },
  // a wrong slug redirects: the canonical path is looked up before the run
  { name: "product page GET /product/…-prd00001", path: "/product/x-prd00001", kind: "page", canonical: true },
  { name: "search page GET /search?q=milk", path: "/search?q=milk", kind: "page" },
  { name: "GET /api/category/get", path: "/api/category/get" },
  {
    name: "POST /api/product/get-product-by-category-and-subcategory",
    path: "/api/product/get-product-by-category-and-subcategory",
    ...jsonPost({ categoryId: "cat01", subCategoryId: "sub001", page: 1, limit: 8 }),
  },
  { name: "POST /api/product/get-product-details", path: "/api/product/get-product-details", ...jsonPost({ productId: "prd00001" }) },
  { name: "POST /api/product/search-product `milk`", path: "/api/product/search-product", ...jsonPost({ search: "milk" }) },
  { name: "POST /api/product/search-product `panner` (typo)", path: "/api/product/search-product", ...jsonPost({ search: "panner" }) },
  {
    name: "POST /api/product/search-product `brown bread`",
    path: "/api/product/search-product",
    ...jsonPost({ search: "brown bread" }),
  },
];

const server = startServer({ port: Number(process.env.BENCH_PORT ?? 3310), dataDir: ".data/bench-pages", pgPort: 54359 });
try {
  await server.ready;
  for (const target of TARGETS.filter((t) => t.canonical)) {
    const res = await fetch(server.base + target.path);
    if (!res.ok) throw new Error(`${target.path}: ${res.status}`);
    target.path = new URL(res.url).pathname;
    target.name = target.name.replace(/\/product\/\S+/, target.path);
  }
  // warm-up: compile caches, fill the catalogue cache and the connection pool
  for (const target of TARGETS) await measure(server.base, target, 2, 2);

  const rows = [];
  for (const target of TARGETS) {
    const loaded = await measure(server.base, target, connections, seconds);
    // one connection: the time the server takes per request, without queueing behind others
    const alone = await measure(server.base, target, 1, Math.max(3, Math.round(seconds / 2)));
    rows.push({ target, loaded, alone });
    console.error(`${target.name}: ${loaded.requestsPerSecond} req/s, p95 ${loaded.p95} ms; alone p95 ${alone.p95} ms; errors ${loaded.errors + alone.errors}`);
  }
  const trivialOf = (kind) => rows.find((r) => r.target.trivial === kind);
  console.log(`\nbench/pages.mjs, ${new Date().toISOString()}, ${connections} connections × ${seconds} s per target\n`);
  console.log(
    `| Target | req/s (${connections} conns) | req/s ÷ static route | p50 | p95 | p99 | p50 × its trivial route | 1 conn p50 | 1 conn p95 | errors |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  const staticRoute = trivialOf("static");
  for (const { target, loaded, alone } of rows) {
    const trivial = trivialOf(target.trivial ?? target.kind ?? "api");
    const ratio = target.trivial ? "—" : `${(loaded.p50 / trivial.loaded.p50).toFixed(1)}×`;
    const share = `${Math.round((100 * loaded.requestsPerSecond) / staticRoute.loaded.requestsPerSecond)} %`;
    console.log(
      `| ${target.name} | ${loaded.requestsPerSecond} | ${share} | ${loaded.p50} ms | ${loaded.p95} ms | ${loaded.p99} ms | ${ratio} | ${alone.p50} ms | ${alone.p95} ms | ${loaded.errors + alone.errors} |`,
    );
  }
} finally {
  await stopServer(server.child);
}
