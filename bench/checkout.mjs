// Concurrent cash-on-delivery checkouts against the production build (issue 5): SHOPPERS shoppers, each with
// one unit of the same product in the cart, all press "Cash on Delivery" at once while only STOCK units exist.
// Then an audit on the database: orders = successful checkouts = stock taken, nothing oversold, no partner on two
// active orders, no order without lines. Starts the build on its own embedded database (or uses BENCH_URL with
// BENCH_DATABASE_URL). Usage: npx next build && node bench/checkout.mjs
import { rmSync } from "node:fs";
import pg from "pg";
import { embeddedDatabaseUrl } from "../scripts/db/embedded-password.mjs";
import { startServer, stopServer } from "./lib/server.mjs";

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 200);
const STOCK = Number(process.env.BENCH_STOCK ?? 50);
const PRODUCT = "prd00003";
const pgPort = 54369;

// a fresh database each run, so every run starts from the demo catalogue with its 11 free partners (4 before the
// dark-stores seed; dispatch does not pick by store yet, so all 11 take orders)
if (!process.env.BENCH_URL) rmSync(".data/bench-checkout", { recursive: true, force: true });
const server = startServer({ port: Number(process.env.BENCH_PORT ?? 3320), dataDir: ".data/bench-checkout", pgPort });
const dbUrl = process.env.BENCH_DATABASE_URL ?? embeddedDatabaseUrl({ dataDir: ".data/bench-checkout", port: pgPort });

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function call(path, { token, ip, body, method = "POST" } = {}) {
  const res = await fetch(server.base + path, {
    method,
    headers: {
      "content-type": "application/json",
      // each virtual shopper is its own client address, as on the real internet (the per-address limits stay on)
      "x-forwarded-for": ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

async function must(what, promise) {
  const res = await promise;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A new shopper with an address and one unit of PRODUCT in the cart, ready to check out. */
async function prepare(i, runId) {
  const ip = `10.77.${Math.floor(i / 250)}.${i % 250}`;
  const email = `bench-${runId}-${i}@example.test`;
  const password = "Bench@12345";
  await must("register", call("/api/user/register", { ip, body: { name: `Bench ${i}`, email, password, confirmPassword: password } }));
  const login = await must("login", call("/api/user/login", { ip, body: { email, password } }));
  const token = login.data.accesstoken;
  const address = await must(
    "address",
    call("/api/address/create", {
      ip,
      token,
      body: { address_line: `${i} Bench Street`, city: "Bengaluru", state: "Karnataka", pincode: "560001", country: "India", mobile: "9876543210" },
    }),
  );
  await must("cart", call("/api/cart/create", { ip, token, body: { productId: PRODUCT } }));
  const cart = await must("cart list", call("/api/cart/get", { ip, token, method: "GET" }));
  return { ip, token, addressId: address.data._id, list_items: cart.data };
}

const db = new pg.Client({ connectionString: dbUrl });
try {
  await server.ready;
  await db.connect();
  const runId = Date.now().toString(36);
  // plenty of stock while the carts fill, then exactly STOCK units for the timed run
  await db.query(`UPDATE "Product" SET stock = $2, published = true WHERE id = $1`, [PRODUCT, SHOPPERS]);
  const { rows: priceRows } = await db.query(`SELECT "pricePaise", discount FROM "Product" WHERE id = $1`, [PRODUCT]);
  const t0 = performance.now();
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i += 20) {
    shoppers.push(...(await Promise.all(Array.from({ length: Math.min(20, SHOPPERS - i) }, (_, k) => prepare(i + k, runId)))));
  }
  console.error(`prepared ${SHOPPERS} shoppers in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await db.query(`UPDATE "Product" SET stock = $2 WHERE id = $1`, [PRODUCT, STOCK]);
  const { rows: ordersBefore } = await db.query(`SELECT count(*)::int AS n FROM "Order"`);

  // the client's own idea of the total; the server prices the order itself and only compares
  const { pricePaise, discount } = priceRows[0];
  const unit = Math.ceil(pricePaise * (1 - discount / 100)) / 100;
  const runStartedAt = new Date();
  const started = performance.now();
  const results = await Promise.all(
    shoppers.map(async (s) => {
      const t = performance.now();
      const res = await call("/api/order/cash-on-delivery", {
        ip: s.ip,
        token: s.token,
        body: { list_items: s.list_items, addressId: s.addressId, subTotalAmt: unit, totalAmt: unit },
      });
      return { status: res.status, ms: performance.now() - t, message: res.body.message };
    }),
  );
  const wall = (performance.now() - started) / 1000;

  const ok = results.filter((r) => r.status === 200 || r.status === 201);
  const byStatus = {};
  for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const times = results.map((r) => r.ms).sort((a, b) => a - b);

  const audit = (await db.query(
    `SELECT
       (SELECT count(*)::int FROM "Order") - $2::int AS "ordersCreated",
       (SELECT stock FROM "Product" WHERE id = $1) AS "stockLeft",
       (SELECT count(*)::int FROM "Product" WHERE stock < 0) AS "productsBelowZero",
       (SELECT count(*)::int FROM (
          SELECT a."partnerId" FROM "PartnerAssignment" a JOIN "Order" o ON o.id = a."orderId"
          WHERE a."completedAt" IS NULL AND o.status NOT IN ('DELIVERED', 'CANCELLED')
          GROUP BY a."partnerId" HAVING count(*) > 1) x) AS "partnersOnTwoOrders",
       (SELECT count(*)::int FROM "Order" o WHERE NOT EXISTS (SELECT 1 FROM "OrderLine" i WHERE i."orderId" = o.id))
         AS "ordersWithoutLines",
       (SELECT count(*)::int FROM "Order" WHERE "createdAt" >= $3 AND "dispatchQueuedAt" IS NOT NULL) AS "queuedForAPartner",
       (SELECT count(*)::int FROM "PartnerAssignment" a JOIN "Order" o ON o.id = a."orderId" WHERE o."createdAt" >= $3)
         AS "assignedAtOnce"`,
    [PRODUCT, ordersBefore[0].n, runStartedAt],
  )).rows[0];
  const clean =
    audit.ordersCreated === ok.length &&
    ok.length === STOCK - audit.stockLeft &&
    audit.productsBelowZero === 0 &&
    audit.partnersOnTwoOrders === 0 &&
    audit.ordersWithoutLines === 0;

  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        shoppers: SHOPPERS,
        stock: STOCK,
        wallSeconds: +wall.toFixed(2),
        ordersPerSecond: +(ok.length / wall).toFixed(1),
        p50ms: Math.round(percentile(times, 50)),
        p95ms: Math.round(percentile(times, 95)),
        p99ms: Math.round(percentile(times, 99)),
        statuses: byStatus,
        refusedWith: [...new Set(results.filter((r) => r.status >= 300).map((r) => r.message))],
        audit,
        verdict: clean ? "CLEAN" : "NOT CLEAN",
      },
      null,
      2,
    ),
  );
  process.exitCode = clean ? 0 : 1;
} finally {
  await db.end().catch(() => {});
  await stopServer(server.child);
}
