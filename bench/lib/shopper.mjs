// One virtual shopper of the mixed load, and the recorder every request goes through.
// A loop: home page, a listing (page), a product (page), search (REST and page), add to cart and change the
// quantity, then check out with cash on delivery or with the card (the local test checkout: its page, then its
// Pay button, which is a server action). Every loop is bounded in count and time and stops by itself.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";

const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30_000);

/** The id of the test checkout's Pay server action, from the build's manifest (changes with every build). */
export function payActionId() {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8"));
  for (const [id, entry] of Object.entries(manifest.node)) {
    if (entry.filename === "app/pay/[session]/actions.ts" && entry.exportedName === "payTestCheckoutAction") return id;
  }
  throw new Error("payTestCheckoutAction not found in .next/server/server-reference-manifest.json");
}

// What each kind of request may answer without it being an error. 409 is a correct answer for cart and orders
// (out of stock, over the per-line cap); anything else — 5xx, network errors, timeouts, other statuses — is an error.
const EXPECTED = {
  "page home": [200],
  "page listing": [200],
  "page product": [200],
  "page search": [200],
  "page pay": [200],
  "api search": [200],
  "api cart add": [200, 201, 409],
  "api cart get": [200],
  "api cart qty": [200, 409],
  "api cart remove": [200],
  "api order cod": [201, 409],
  "api order card": [201, 409],
  "action pay": [200],
};

/** Collects every request's kind, status and time; `phase(t)` may label requests (e.g. "db down"). */
export function createRecorder({ phase = () => "run" } = {}) {
  const records = [];
  return {
    records,
    add(kind, status, ms, note, bodyOk = true) {
      const ok = bodyOk && EXPECTED[kind].includes(status);
      records.push({ kind, status, ms, ok, phase: phase(Date.now()), note });
      return ok;
    },
  };
}

/**
 * A request through the recorder. Bodies are read in full (that is what a browser waits for). Returns
 * { status, body } where body is parsed JSON when it is JSON, else text; status "network" or "timeout" on failure.
 */
async function request(rec, kind, url, { method = "GET", token, ip, json, headers = {}, raw, check } = {}) {
  const t = performance.now();
  let status;
  let body;
  try {
    const res = await fetch(url, {
      method,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        "x-forwarded-for": ip,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : raw,
    });
    status = res.status;
    const text = await res.text();
    body = (res.headers.get("content-type") ?? "").includes("json") ? safeJson(text) : text;
  } catch (error) {
    status = error?.name === "TimeoutError" ? "timeout" : "network";
    body = String(error?.cause?.code ?? error?.cause?.message ?? error?.message ?? error);
  }
  const ms = performance.now() - t;
  const bodyOk = !check || typeof status !== "number" || status >= 300 || check(body);
  const failed = status === "network" || status === "timeout";
  const note = typeof body === "object" && body ? body.message : failed || !bodyOk ? String(body).slice(0, 200) : undefined;
  rec.add(kind, status, ms, note, bodyOk);
  return { status, body };
}

function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs one shopper until `deadline` (epoch ms) or `maxLoops`. `shopper` has base, ip, token, addressId;
 * `pool` the products (id, unitPaise, productPath, listingPath, word). Returns counters of its outcomes.
 */
export async function runShopper(shopper, { pool, deadline, maxLoops = 500, thinkMs = 5000, homeEvery = 4, rec, actionId }) {
  const { base, ip, token } = shopper;
  const byId = new Map(pool.map((p) => [p.id, p]));
  const out = { loops: 0, codPlaced: 0, cardPlaced: 0, cardPaid: 0, outOfStock: 0, otherConflicts: 0 };
  const think = () => sleep(Math.random() * 2 * thinkMs);
  const live = () => Date.now() < deadline;
  const phase = Math.floor(Math.random() * homeEvery);

  while (live() && out.loops < maxLoops) {
    out.loops++;
    const product = pick(pool);
    // the home page (the heaviest page: every category row) one loop in `homeEvery`, at a random phase
    if ((out.loops + phase) % homeEvery === 0) {
      await request(rec, "page home", `${base}/`, { ip, token });
      await think();
      if (!live()) break;
    }
    await request(rec, "page listing", base + product.listingPath, { ip, token });
    await request(rec, "page product", base + product.productPath, { ip, token });
    await think();
    if (!live()) break;
    await request(rec, "api search", `${base}/api/product/search-product`, { method: "POST", ip, json: { search: product.word, page: 1, limit: 12 } });
    await request(rec, "page search", `${base}/search?q=${encodeURIComponent(product.word)}`, { ip, token });
    await think();
    if (!live()) break;

    // the cart: this product and, one time in two, another; then a quantity of 1–3 on the first line
    const wanted = Math.random() < 0.5 ? [product] : [product, pick(pool)];
    for (const p of wanted) {
      const res = await request(rec, "api cart add", `${base}/api/cart/create`, { method: "POST", ip, token, json: { productId: p.id } });
      if (res.status === 409) out.outOfStock++;
    }
    let cart = await request(rec, "api cart get", `${base}/api/cart/get`, { ip, token });
    const lines = Array.isArray(cart.body?.data) ? cart.body.data : [];
    if (lines.length) {
      const qty = 1 + Math.floor(Math.random() * 3);
      await request(rec, "api cart qty", `${base}/api/cart/update-qty`, { method: "PUT", ip, token, json: { _id: lines[0]._id, qty } });
      cart = await request(rec, "api cart get", `${base}/api/cart/get`, { ip, token });
    }
    const items = (Array.isArray(cart.body?.data) ? cart.body.data : []).map((l) => ({
      _id: l._id,
      productId: typeof l.productId === "object" ? l.productId._id : l.productId,
      quantity: l.quantity,
    }));
    await think();
    if (!items.length || !live()) continue;

    // the client's idea of the total; the server prices the order itself and only compares
    const totalPaise = items.reduce((sum, l) => sum + (byId.get(l.productId)?.unitPaise ?? 0) * l.quantity, 0);
    const order = {
      list_items: items.map(({ productId, quantity }) => ({ productId, quantity })),
      addressId: shopper.addressId,
      subTotalAmt: totalPaise / 100,
      totalAmt: totalPaise / 100,
    };
    const card = Math.random() < 0.5;
    const placed = await request(rec, card ? "api order card" : "api order cod", `${base}/api/order/${card ? "checkout" : "cash-on-delivery"}`, {
      method: "POST",
      ip,
      token,
      json: order,
      headers: { "idempotency-key": randomUUID() },
    });
    if (placed.status === 201 && card) {
      out.cardPlaced++;
      const payPath = new URL(placed.body.url).pathname;
      await request(rec, "page pay", base + payPath, { ip, token });
      const paid = await request(rec, "action pay", base + payPath, {
        method: "POST",
        ip,
        token,
        headers: { "next-action": actionId, accept: "text/x-component", "content-type": "text/plain;charset=UTF-8", origin: base },
        raw: JSON.stringify([placed.body.id]),
        // the action answers 200 with { ok: false, message } when it refuses: only ok:true is a payment
        check: (body) => /"ok":true/.test(String(body)),
      });
      if (paid.status === 200 && /"ok":true/.test(String(paid.body))) out.cardPaid++;
    } else if (placed.status === 201) {
      out.codPlaced++;
    } else if (placed.status === 409) {
      if (/stock/i.test(placed.body?.message ?? "")) out.outOfStock++;
      else out.otherConflicts++;
      // start the next loop with an empty cart
      for (const l of items) {
        await request(rec, "api cart remove", `${base}/api/cart/delete-cart-item`, { method: "DELETE", ip, token, json: { _id: l._id } });
      }
    }
    await think();
  }
  return out;
}
