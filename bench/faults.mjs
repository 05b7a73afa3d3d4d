// Faults under load (issue 8):
// (a) PostgreSQL restarted in the middle of a mixed load: while it is down every failing answer must be a 503 in
//     the contract's envelope (no 500, no partial order); the app reconnects by itself; the audit is clean after.
// (b) SIGTERM to `npm start` (scripts/start.mjs) while requests are in flight: the started requests complete, the
//     embedded PostgreSQL is stopped cleanly (last), and a restart on the same data has every order placed before.
// (c) is an integration test: tests/integration/payments-webhook-faults.test.ts (runs in `npm test`).
//
//   npx next build && node bench/faults.mjs          (BENCH_SECONDS, BENCH_SHOPPERS, BENCH_DOWN_SECONDS to change)
// Ports: app 3442 and 3443, PostgreSQL 54442 (the one the bench restarts) and 54443 (the app's own, for (b)).
import { randomBytes } from "node:crypto";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { embeddedDatabaseUrl } from "../scripts/db/embedded-password.mjs";
import { startEmbeddedPostgres } from "../scripts/db/embedded.mjs";
import { createShoppers, logInAll, newRunId, preparePool, stockOf } from "./lib/load-prep.mjs";
import { audit, figures, totals } from "./lib/load-report.mjs";
import { LOAD_SETTINGS, runLoad, warmUp } from "./lib/load-run.mjs";
import { startServer, stopServer } from "./lib/server.mjs";
import { createRecorder } from "./lib/shopper.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 30);
const DOWN_SECONDS = Number(process.env.BENCH_DOWN_SECONDS ?? 10);
const root = ".data/bench-faults";
const log = (m) => console.error(`faults: ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
rmSync(root, { recursive: true, force: true });

/** Polls /api/ready every 250 ms until it answers 200; the time it took. */
async function untilReady(base, limitMs = 120_000) {
  const t = Date.now();
  while (Date.now() - t < limitMs) {
    const res = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
    if (res?.status === 200) return Date.now() - t;
    await sleep(250);
  }
  throw new Error(`${base} not ready after ${limitMs} ms`);
}

/** True when a JSON body is the contract's failure envelope with a message. */
const isEnvelope = (note) => typeof note === "string" && note.length > 0;

async function faultA() {
  const pgDir = path.join(root, "db");
  const pgPort = 54442;
  let database = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
  const server = startServer({
    port: 3442,
    dataDir: path.join(root, "app-a"),
    pgPort: 54449,
    // the shoppers pay by card through the local test checkout, which a DATABASE_URL shop allows only by name
    env: {
      DATABASE_URL: database.url,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      ALLOW_TEST_PAYMENTS: "1",
    },
  });
  try {
    await server.ready;
    let db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const runId = newRunId();
    const pool = await preparePool(db);
    const shoppers = await createShoppers(db, SHOPPERS, runId);
    for (const s of shoppers) s.base = server.base;
    await logInAll(shoppers, () => server.base);
    await warmUp(server.base, pool);
    const stockBefore = await stockOf(db, pool);
    await db.end();

    const marks = { downAt: Infinity, upAt: Infinity, readyAt: Infinity };
    // a request's phase is decided when its answer arrives
    const rec = createRecorder({
      phase: (t) => (t < marks.downAt ? "before" : t <= marks.readyAt + 1_000 ? "fault" : "after"),
    });
    const faultAt = Math.min(20, SECONDS / 3) * 1000;
    const fault = (async () => {
      await sleep(faultAt);
      log(`stopping PostgreSQL (${DOWN_SECONDS} s)…`);
      marks.downAt = Date.now();
      await database.stop();
      const readyWhileDown = await fetch(`${server.base}/api/ready`).then(async (r) => ({ status: r.status, body: await r.json() }));
      await sleep(DOWN_SECONDS * 1000);
      database = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
      marks.upAt = Date.now();
      const reconnectMs = await untilReady(server.base);
      marks.readyAt = Date.now();
      log(`PostgreSQL back; the app answered ready ${reconnectMs} ms later`);
      return { downForMs: marks.upAt - marks.downAt, appReadyAfterRestartMs: reconnectMs, readyWhileDown };
    })();
    // both awaited together: a failure in the fault (a restart that never comes back) ends the run through finally
    const [{ outcomes, wallSeconds }, faultReport] = await Promise.all([
      runLoad({ shoppers, pool, seconds: SECONDS, rec }),
      fault,
    ]);

    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const outcome = totals(outcomes);
    const verdict = await audit(db, {
      pool,
      stockBefore,
      userPrefix: `bench${runId}u`,
      placed: outcome.codPlaced + outcome.cardPlaced,
      paid: outcome.cardPaid,
    });
    await db.end();

    const during = rec.records.filter((r) => r.phase === "fault");
    // while the database is down: a 503 with the envelope's message (REST), a 503 page, or the Pay button's own
    // "briefly unavailable" answer; anything else (a 500, a hang, a wrong message) is a defect
    const cleanFailure = (r) =>
      (r.status === 503 && (r.kind.startsWith("page") || isEnvelope(r.note))) ||
      (r.kind === "action pay" && /briefly unavailable/.test(r.note ?? ""));
    const duringBad = during.filter((r) => !r.ok && !cleanFailure(r));
    const outside = rec.records.filter((r) => r.phase !== "fault");
    const outsideErrors = outside.filter((r) => !r.ok);
    const statusesDuring = {};
    for (const r of during) statusesDuring[`${r.kind} ${r.status}`] = (statusesDuring[`${r.kind} ${r.status}`] ?? 0) + 1;
    const clean = verdict.verdict === "CLEAN" && duringBad.length === 0 && outsideErrors.length / Math.max(1, outside.length) < 0.001;
    return {
      fault: "PostgreSQL stopped and restarted under load",
      ...faultReport,
      shopperOutcomes: outcome,
      answersDuringFault: statusesDuring,
      badAnswersDuringFault: figures(duringBad, 1).errors,
      errorsOutsideFault: figures(outsideErrors, 1).errors,
      load: (({ wallSeconds: w, requestsPerSecond, errorRatePercent, overall }) => ({ wallSeconds: w, requestsPerSecond, errorRatePercent, overall }))(
        figures(rec.records, wallSeconds),
      ),
      audit: verdict,
      verdict: clean ? "CLEAN" : "NOT CLEAN",
    };
  } finally {
    await stopServer(server.child);
    await database.stop();
    writeFileSync(path.join(root, "app-a.log"), server.output());
  }
}

async function faultB() {
  const dataDir = path.join(root, "app-b");
  const options = { port: 3443, dataDir, pgPort: 54443, env: { NEXTAUTH_SECRET: randomBytes(32).toString("base64url") } };
  let server = startServer(options);
  const dbUrl = embeddedDatabaseUrl({ dataDir, port: 54443 });
  try {
    await server.ready;
    let db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const runId = newRunId();
    const pool = await preparePool(db, { hot: 0, stock: 100 });
    const shoppers = await createShoppers(db, 40, runId);
    await logInAll(shoppers, () => server.base);
    await warmUp(server.base, pool.slice(0, 4));
    const stockBefore = await stockOf(db, pool);
    await db.end();
    const headers = (s) => ({ "content-type": "application/json", "x-forwarded-for": s.ip, authorization: `Bearer ${s.token}` });
    // every shopper has one unit in the cart, ready to pay cash on delivery
    for (const s of shoppers) {
      s.product = pool[s.i % pool.length];
      const res = await fetch(`${server.base}/api/cart/create`, { method: "POST", headers: headers(s), body: JSON.stringify({ productId: s.product.id }) });
      if (res.status !== 201 && res.status !== 200) throw new Error(`cart add: ${res.status}`);
    }

    // half the shoppers check out, the other half open a listing page; SIGTERM lands while they are in flight
    const sent = shoppers.map((s) => {
      const t = performance.now();
      const checkout = s.i % 2 === 0;
      const request = checkout
        ? fetch(`${server.base}/api/order/cash-on-delivery`, {
            method: "POST",
            headers: headers(s),
            body: JSON.stringify({
              list_items: [{ productId: s.product.id, quantity: 1 }],
              addressId: s.addressId,
              subTotalAmt: s.product.unitPaise / 100,
              totalAmt: s.product.unitPaise / 100,
            }),
          })
        : fetch(server.base + s.product.listingPath, { headers: headers(s) });
      const kind = checkout ? "checkout" : "page";
      return request
        .then(async (r) => ({ kind, status: r.status, body: await r.text(), end: performance.now(), ms: performance.now() - t }))
        .catch((e) => ({ kind, status: `network (${e.cause?.code ?? e.message})`, end: performance.now(), ms: performance.now() - t }));
    });
    // The signal goes the moment the first answer arrives (the others are then in the server's hands), or after
    // BENCH_TERM_AFTER_MS if set. A fixed delay alone missed on a quiet machine: all 40 were answered within 0.8 s.
    const sentAt = performance.now();
    await (process.env.BENCH_TERM_AFTER_MS ? sleep(Number(process.env.BENCH_TERM_AFTER_MS)) : Promise.race(sent));
    const termAt = performance.now();
    const exited = new Promise((r) => server.child.once("exit", (code, signal) => r({ code, signal })));
    server.child.kill("SIGTERM");
    const results = await Promise.all(sent);
    const exit = await exited;
    const stoppedInMs = Math.round(performance.now() - termAt);
    const pgCleanlyStopped = !existsSync(path.join(dataDir, "pg", "postmaster.pid"));
    const placed = results.filter((r) => r.kind === "checkout" && r.status === 201).length;
    const expected = (r) => (r.kind === "checkout" ? [201, 409] : [200]).includes(r.status);
    const byStatus = {};
    for (const r of results) byStatus[`${r.kind} ${r.status}`] = (byStatus[`${r.kind} ${r.status}`] ?? 0) + 1;
    // Drained: requests the server had taken up are answered AFTER the signal, normally. The only acceptable failure
    // is a connection reset when the listener closes: Node's server.close() also closes connections it has not read
    // a request from yet (on a starved machine, requests sent a second earlier can still be unread); those never
    // started, and the audit after the restart proves none of them placed an order. A reset after the last drained
    // answer would be a request cut off when the app exited.
    const answeredAfterSignal = results.filter((r) => typeof r.status === "number" && r.end > termAt);
    const lastAnswer = Math.max(termAt, ...answeredAfterSignal.map((r) => r.end));
    const failed = results.filter((r) => typeof r.status !== "number");
    const cutOff = failed.filter((r) => r.end > lastAnswer);
    const wrong = results.filter((r) => typeof r.status === "number" && !expected(r));
    log(`stopped in ${stoppedInMs} ms (exit ${exit.code}); restarting on the same data…`);

    // the restart: nothing lost
    server = startServer(options);
    await server.ready;
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const verdict = await audit(db, { pool, stockBefore, userPrefix: `bench${runId}u`, placed, paid: 0 });
    await db.end();
    const clean =
      verdict.verdict === "CLEAN" &&
      wrong.length === 0 &&
      cutOff.length === 0 &&
      answeredAfterSignal.length > 0 &&
      exit.code === 0 &&
      pgCleanlyStopped;
    return {
      fault: "SIGTERM to scripts/start.mjs with requests in flight",
      requestsSent: results.length,
      signalAfterMs: Math.round(termAt - sentAt),
      answers: byStatus,
      answeredAfterSignal: answeredAfterSignal.length,
      lastAnswerAfterSignalMs: Math.round(Math.max(0, ...answeredAfterSignal.map((r) => r.end - termAt))),
      resetWhenListenerClosed: failed.length - cutOff.length,
      cutOffLater: cutOff.length,
      failuresAfterSignalMs: failed.map((r) => Math.round(r.end - termAt)).sort((x, y) => x - y),
      unexpectedAnswers: wrong.length,
      startScriptExit: exit,
      stoppedAfterSignalMs: stoppedInMs,
      postgresStoppedCleanly: pgCleanlyStopped,
      afterRestart: verdict,
      verdict: clean ? "CLEAN" : "NOT CLEAN",
    };
  } finally {
    await stopServer(server.child);
    writeFileSync(path.join(root, "app-b.log"), server.output());
  }
}

const report = { date: new Date().toISOString(), shoppers: SHOPPERS, seconds: SECONDS, ...LOAD_SETTINGS };
const only = process.argv.find((a) => a.startsWith("--only="))?.split("=")[1];
if (!only || only === "a") {
  log("(a) PostgreSQL restart under load");
  report.a = await faultA();
}
if (!only || only === "b") {
  log("(b) SIGTERM with requests in flight");
  report.b = await faultB();
}
const verdicts = [report.a?.verdict, report.b?.verdict].filter(Boolean);
report.verdict = verdicts.every((v) => v === "CLEAN") ? "CLEAN" : "NOT CLEAN";
console.log(JSON.stringify(report, null, 2));
process.exit(report.verdict === "CLEAN" ? 0 : 1);
