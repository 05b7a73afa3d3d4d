// Catalogue pages and their REST calls under load, each beside a trivial route of the same server measured in
// the same run (issue 4). Starts the production build on its own embedded database with the demo catalogue
// (5,200 products), or uses BENCH_URL. Usage: npx next build && node bench/pages.mjs
// Options (environment): BENCH_SECONDS (per target, default 10), BENCH_CONNECTIONS (default 10).
// Pages are requested the way shoppers arrive (issue 19): with a location cookie (a place the default store serves)
// and, every other request, a signed-in shopper's session cookie, while about one cash order a second is placed
// (bench/lib/order-trickle.mjs; sales that leave a product at "Only N left" expire the store's cached pages).
import pg from "pg";
import { embeddedDatabaseUrl } from "../scripts/db/embedded-password.mjs";
import { PAGE_LOAD_HEADERS } from "./lib/client.mjs";
import { jsonPost, measure } from "./lib/measure.mjs";
import { orderTrickle } from "./lib/order-trickle.mjs";
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

const LOCATION = `kw_location=${encodeURIComponent(JSON.stringify({ pincode: "560001" }))}`;
const pgPort = 54359;
const server = startServer({ port: Number(process.env.BENCH_PORT ?? 3310), dataDir: ".data/bench-pages", pgPort });
const db = new pg.Client({
  connectionString: process.env.BENCH_DATABASE_URL ?? embeddedDatabaseUrl({ dataDir: ".data/bench-pages", port: pgPort }),
});
let trickle = null;
try {
  await server.ready;
  await db.connect();
  // enough shoppers for one order each over the whole run (13 targets × 1.5 × seconds, and the warm-up)
  trickle = await orderTrickle(server.base, db, { count: Math.ceil(TARGETS.length * seconds * 1.6) + 30 });
  const signedIn = await fetch(`${server.base}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.66.0.1" },
    body: JSON.stringify({ email: "shopper@kwikmart.local", password: "Shopper@12345" }),
  }).then((r) => r.json());
  const session = `accessToken=${signedIn.data.accesstoken}`;
  trickle.start();
  for (const target of TARGETS.filter((t) => t.canonical)) {
    const res = await fetch(server.base + target.path);
    if (!res.ok) throw new Error(`${target.path}: ${res.status}`);
    target.path = new URL(res.url).pathname;
    target.name = target.name.replace(/\/product\/\S+/, target.path);
  }
  // half the page requests as a guest, half signed in; all from the same place
  for (const target of TARGETS.filter((t) => t.kind === "page" || t.trivial === "page")) {
    target.requests = [
      { method: "GET", path: target.path, headers: { ...PAGE_LOAD_HEADERS, cookie: LOCATION } },
      { method: "GET", path: target.path, headers: { ...PAGE_LOAD_HEADERS, cookie: `${LOCATION}; ${session}` } },
    ];
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
  const orders = await trickle.stop();
  const trivialOf = (kind) => rows.find((r) => r.target.trivial === kind);
  console.log(`\nbench/pages.mjs, ${new Date().toISOString()}, ${connections} connections × ${seconds} s per target`);
  console.log(`orders placed meanwhile: ${orders.placed}, refused: ${JSON.stringify(orders.refused)}\n`);
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
  await trickle?.stop();
  await db.end().catch(() => {});
  await stopServer(server.child);
}
