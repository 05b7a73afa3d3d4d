// Concurrent cash-on-delivery checkouts against the production build (issue 5): SHOPPERS shoppers, each with
// one unit of the same product in the cart, all press "Cash on Delivery" at once while only STOCK units exist.
// Then an audit on the database: orders = successful checkouts = stock taken, nothing oversold, no partner on two
// active orders, no order without lines, every answered order there once with lines and totals that add up, no
// order for a refused shopper. Starts the build on its own embedded database (or uses BENCH_URL with
// BENCH_DATABASE_URL). Before the checkouts, the same burst hits the static route and a signed-in cart read
// ("floor": what no checkout can beat on this server and machine). Usage: npx next build && node bench/checkout.mjs
//
// Each shopper is its own client address, as on the real internet: its requests leave from 127.0.0.2, 127.0.0.3 …
// (bound as the socket's source address; Linux routes all of 127/8 to the loopback device) to a server started with
// TRUST_PROXY=0, so the per-address limits (placement, registration, login) count the real socket address and stay
// on, and no X-Forwarded-For header is needed (the server drops it).
import { readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import pg from "pg";
import { embeddedDatabaseUrl } from "../scripts/db/embedded-password.mjs";
import { startServer, stopServer } from "./lib/server.mjs";

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 200);
const STOCK = Number(process.env.BENCH_STOCK ?? 50);
const PRODUCT = "prd00003";
// warm-up shoppers first place (and then cancel) orders of another product, half of them refused for want of stock,
// so the burst meets a server whose placement code has run before, as a shop's does after its first minute; they
// come from their own addresses (after the SHOPPERS' ones) and leave no order standing or partner busy
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const WARMUP_PRODUCT = "prd00004";
const pgPort = 54369;

// a fresh database each run, so every run starts from the demo catalogue with its 11 free partners (4 before the
// dark-stores seed; dispatch does not pick by store yet, so all 11 take orders)
if (!process.env.BENCH_URL) rmSync(".data/bench-checkout", { recursive: true, force: true });
const server = startServer({
  port: Number(process.env.BENCH_PORT ?? 3320),
  dataDir: ".data/bench-checkout",
  pgPort,
  env: { TRUST_PROXY: "0" },
});
const target = new URL(server.base.replace("//localhost", "//127.0.0.1"));
const dbUrl = process.env.BENCH_DATABASE_URL ?? embeddedDatabaseUrl({ dataDir: ".data/bench-checkout", port: pgPort });

/**
 * CPU seconds used so far by the server's process tree (the app's Node processes and the embedded PostgreSQL with
 * its backends), from /proc: what the checkouts cost whatever else the machine is doing. Null without /proc or a
 * server of our own.
 */
function serverCpu(rootPid) {
  if (!rootPid) return null;
  try {
    const tick = 100; // USER_HZ on Linux
    const procs = new Map();
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const close = stat.lastIndexOf(")");
        const name = stat.slice(stat.indexOf("(") + 1, close);
        const fields = stat.slice(close + 2).split(" ");
        procs.set(Number(entry), { name, ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / tick });
      } catch {}
    }
    const inTree = (pid) => {
      for (let p = pid; p > 1; p = procs.get(p)?.ppid ?? 0) if (p === rootPid) return true;
      return false;
    };
    const total = { node: 0, postgres: 0 };
    for (const [pid, p] of procs) {
      if (!inTree(pid)) continue;
      if (p.name.startsWith("postgres")) total.postgres += p.cpu;
      else total.node += p.cpu;
    }
    return total;
  } catch {
    return null;
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const FORGED = "203.0.113.7";

/** The source address of shopper i: 127.0.0.2 and up (never .0, .1 or .255 in the last byte). */
const addressOf = (i) => `127.0.${Math.floor(i / 250)}.${2 + (i % 250)}`;

/** One request from the shopper's own address (a new connection bound to it), JSON in and out. */
function call(path, { token, ip, body, method = "POST" } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method,
        localAddress: ip,
        agent: false,
        headers: {
          "content-type": "application/json",
          // a forged address, the same for everyone: the server (TRUST_PROXY=0) drops it and counts the socket's
          "x-forwarded-for": FORGED,
          ...(payload === undefined ? {} : { "content-length": Buffer.byteLength(payload) }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => {
          let parsed = {};
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode, body: parsed });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function must(what, promise) {
  const res = await promise;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A new shopper with an address and one unit of PRODUCT in the cart, ready to check out. */
async function prepare(i, runId, product = PRODUCT) {
  const ip = addressOf(i);
  const email = `bench-${runId}-${i}@example.test`;
  const password = "Bench@12345";
  const registered = await must(
    "register",
    call("/api/user/register", { ip, body: { name: `Bench ${i}`, email, password, confirmPassword: password } }),
  );
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
  await must("cart", call("/api/cart/create", { ip, token, body: { productId: product } }));
  const cart = await must("cart list", call("/api/cart/get", { ip, token, method: "GET" }));
  return { ip, token, userId: registered.data._id, addressId: address.data._id, list_items: cart.data };
}

/** The shop's price after discount, in rupees (lib/money.ts: the discount is ceil(price × discount / 100) rupees). */
const unitPrice = ({ pricePaise, discount }) => (pricePaise - (discount > 0 ? Math.ceil((pricePaise * Math.min(discount, 100)) / 10_000) * 100 : 0)) / 100;

/** WARMUP shoppers check out WARMUP_PRODUCT at once with stock for half of them; the placed orders are cancelled. */
async function warmUp(runId) {
  if (!WARMUP) return;
  const { rows } = await db.query(`SELECT "pricePaise", discount FROM "Product" WHERE id = $1`, [WARMUP_PRODUCT]);
  await db.query(`UPDATE "Product" SET stock = $2, published = true WHERE id = $1`, [WARMUP_PRODUCT, WARMUP]);
  const warm = await Promise.all(Array.from({ length: WARMUP }, (_, k) => prepare(SHOPPERS + k, `${runId}w`, WARMUP_PRODUCT)));
  await db.query(`UPDATE "Product" SET stock = $2 WHERE id = $1`, [WARMUP_PRODUCT, Math.ceil(WARMUP / 2)]);
  const unit = unitPrice(rows[0]);
  const answers = await Promise.all(
    warm.map((s) =>
      call("/api/order/cash-on-delivery", {
        ip: s.ip,
        token: s.token,
        body: { list_items: s.list_items, addressId: s.addressId, subTotalAmt: unit, totalAmt: unit },
      }).then((res) => ({ s, res })),
    ),
  );
  let placed = 0;
  const refusals = new Set();
  for (const { s, res } of answers) {
    if (res.status !== 201) {
      refusals.add(`${res.status} ${res.body.message}`);
      continue;
    }
    placed++;
    await must("warm-up cancel", call("/api/order/cancel", { ip: s.ip, token: s.token, body: { orderId: res.body.data[0].orderId } }));
  }
  console.error(`warm-up: ${placed} of ${WARMUP} orders placed and cancelled; refused: ${[...refusals].join("; ")}`);
}

/**
 * The same burst shape (SHOPPERS at once, each from its own address on a new connection) at what costs least on this
 * server: the static route, and a signed-in cart read (the token check and one query). What a checkout burst is
 * compared with, in the same run: no checkout can answer sooner than these.
 */
async function floorBursts(shoppers) {
  const burst = async (request) => {
    const times = await Promise.all(
      shoppers.map(async (s) => {
        const t = performance.now();
        const res = await request(s);
        if (res.status !== 200) throw new Error(`floor burst: ${res.status} ${JSON.stringify(res.body)}`);
        return performance.now() - t;
      }),
    );
    times.sort((a, b) => a - b);
    return { p50ms: Math.round(percentile(times, 50)), p95ms: Math.round(percentile(times, 95)) };
  };
  return {
    staticRoute: await burst((s) => call("/robots.txt", { ip: s.ip, method: "GET" })),
    routeHandler: await burst((s) => call("/api/health", { ip: s.ip, method: "GET" })),
    cartRead: await burst((s) => call("/api/cart/get", { ip: s.ip, token: s.token, method: "GET" })),
  };
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
  await warmUp(runId);
  const floor = await floorBursts(shoppers);
  await db.query(`UPDATE "Product" SET stock = $2 WHERE id = $1`, [PRODUCT, STOCK]);
  const { rows: ordersBefore } = await db.query(`SELECT count(*)::int AS n FROM "Order"`);

  // the client's own idea of the total; the server prices the order itself and only compares
  const unit = unitPrice(priceRows[0]);
  const runStartedAt = new Date();
  const cpuBefore = serverCpu(server.child?.pid);
  const started = performance.now();
  const results = await Promise.all(
    shoppers.map(async (s) => {
      const t = performance.now();
      const res = await call("/api/order/cash-on-delivery", {
        ip: s.ip,
        token: s.token,
        body: { list_items: s.list_items, addressId: s.addressId, subTotalAmt: unit, totalAmt: unit },
      });
      const placed = res.status === 201 ? res.body.data?.[0] : undefined;
      return { status: res.status, ms: performance.now() - t, message: res.body.message, userId: s.userId, orderId: placed?._id };
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const cpuAfter = serverCpu(server.child?.pid);

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
  // nothing lost, nothing twice: every 201 names an order that is in the database, is the shopper's, and has one
  // line of one unit; the run made no other order (none for a refused shopper); every order's lines and totals add up
  const answered = ok.map((r) => r.orderId);
  const { rows: runOrders } = await db.query(
    `SELECT o.id, o."userId", o."itemCount", o."subtotalPaise", o."totalPaise",
            (SELECT count(*)::int FROM "OrderLine" l WHERE l."orderId" = o.id) AS lines,
            (SELECT COALESCE(sum(l.quantity), 0)::int FROM "OrderLine" l WHERE l."orderId" = o.id) AS units,
            (SELECT COALESCE(sum(l."pricePaise" * l.quantity), 0)::int FROM "OrderLine" l WHERE l."orderId" = o.id) AS mrp,
            (SELECT COALESCE(sum(l."unitPricePaise" * l.quantity), 0)::int FROM "OrderLine" l WHERE l."orderId" = o.id)
              + o."deliveryPaise" + o."handlingFeePaise" + o."smallCartFeePaise" + o."lateNightFeePaise"
              + o."highDemandFeePaise" - o."couponDiscountPaise" + o."tipPaise" AS "billTotal"
     FROM "Order" o WHERE o."createdAt" >= $1`,
    [runStartedAt],
  );
  const byId = new Map(runOrders.map((o) => [o.id, o]));
  const refusedUsers = new Set(results.filter((r) => r.status !== 201).map((r) => r.userId));
  const { rows: carts } = await db.query(
    `SELECT count(*)::int AS n FROM "CartItem" WHERE "productId" = $1 AND "userId" = ANY($2::text[])`,
    [PRODUCT, [...refusedUsers]],
  );
  const { rows: ledger } = await db.query(
    `SELECT (SELECT COALESCE(sum(-delta), 0)::int FROM "StockMovement" WHERE "productId" = $1 AND reason = 'SALE'
               AND "orderId" = ANY($2::text[])) AS "unitsInLedger",
            (SELECT count(*)::int FROM "StoreStock" WHERE stock < 0) AS "shelvesBelowZero"`,
    [PRODUCT, runOrders.map((o) => o.id)],
  );
  // the per-address placement limit counted each shopper's own socket address, never the forged header
  const { rows: counters } = await db.query(
    `SELECT count(*) FILTER (WHERE key ~ '^order:ip:(::ffff:)?127\\.')::int AS "placementCountersPerAddress",
            count(*) FILTER (WHERE key LIKE '%' || $1 || '%')::int AS "countersOfTheForgedAddress"
     FROM "RateLimit" WHERE key LIKE 'order:ip:%'`,
    [FORGED],
  );
  Object.assign(audit, {
    ...counters[0],
    answeredOrdersMissing: answered.filter((id) => !byId.has(id)).length,
    answeredTwice: answered.length - new Set(answered).size,
    ordersNotAnswered: runOrders.filter((o) => !answered.includes(o.id)).length,
    ordersOfRefusedShoppers: runOrders.filter((o) => refusedUsers.has(o.userId)).length,
    ordersWithWrongOwner: ok.filter((r) => byId.get(r.orderId) && byId.get(r.orderId).userId !== r.userId).length,
    ordersNotAddingUp: runOrders.filter(
      (o) => o.lines !== 1 || o.units !== 1 || o.itemCount !== o.units || o.subtotalPaise !== o.mrp || o.totalPaise !== o.billTotal,
    ).length,
    refusedShoppersWithoutTheirCart: refusedUsers.size - carts[0].n,
    ...ledger[0],
  });
  const clean =
    audit.ordersCreated === ok.length &&
    ok.length === STOCK - audit.stockLeft &&
    // every unit sold while shoppers were left wanting: exactly min(STOCK, SHOPPERS) orders
    ok.length === Math.min(STOCK, SHOPPERS) &&
    audit.productsBelowZero === 0 &&
    audit.shelvesBelowZero === 0 &&
    audit.unitsInLedger === ok.length &&
    audit.partnersOnTwoOrders === 0 &&
    audit.ordersWithoutLines === 0 &&
    audit.answeredOrdersMissing === 0 &&
    audit.answeredTwice === 0 &&
    audit.ordersNotAnswered === 0 &&
    audit.ordersOfRefusedShoppers === 0 &&
    audit.ordersWithWrongOwner === 0 &&
    audit.ordersNotAddingUp === 0 &&
    audit.refusedShoppersWithoutTheirCart === 0 &&
    // one per source address: the burst's shoppers and the warm-up's
    audit.placementCountersPerAddress === SHOPPERS + WARMUP &&
    audit.countersOfTheForgedAddress === 0;

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
        // the same burst at the static route and at a signed-in cart read, just before (floorBursts)
        floor,
        // the server's CPU for the 200 checkouts (app and database): comparable on a busy machine
        serverCpuSeconds:
          cpuBefore && cpuAfter
            ? {
                app: +(cpuAfter.node - cpuBefore.node).toFixed(2),
                database: +(cpuAfter.postgres - cpuBefore.postgres).toFixed(2),
              }
            : null,
        // the machine's load (1, 5, 15 minutes) when the checkouts ended: other work on it slows every figure
        loadAverage: loadavg().map((n) => +n.toFixed(2)),
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
