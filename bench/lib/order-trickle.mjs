// Cash orders placed in the background of another bench, each from its own shopper and client address, one unit of a
// product of a pool in which a few products have little stock (so some sales leave a product at "Only N left" or sold
// out and expire its store's cached pages, as on a real evening). Used by bench/pages.mjs (about one a second while
// pages are measured, issue 19) and bench/instances.mjs (orders in flight while an instance is killed).
import { randomUUID } from "node:crypto";
import { createShoppers, logInAll, newRunId, preparePool } from "./load-prep.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One cash order of one unit, as a client with a flaky connection places it: the same Idempotency-Key on every try,
 * tried again after a network error or a 502/503/504 (what a load balancer answers when the instance behind it died).
 * Answers { status, orderId (the order number), key, tries }.
 */
export async function placeOrder(base, shopper, product, { tries = 5 } = {}) {
  const headers = {
    "content-type": "application/json",
    authorization: `Bearer ${shopper.token}`,
    "x-forwarded-for": shopper.ip,
  };
  const key = randomUUID();
  const rupees = product.unitPaise / 100;
  const body = JSON.stringify({
    list_items: [{ productId: product.id, quantity: 1 }],
    addressId: shopper.addressId,
    subTotalAmt: rupees,
    totalAmt: rupees,
  });
  let last = { status: 0, orderId: null };
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      const added = await fetch(`${base}/api/cart/create`, { method: "POST", headers, body: JSON.stringify({ productId: product.id }) });
      // 409: already in the cart from a try whose answer was lost; the order call decides
      if (!added.ok && added.status !== 409 && added.status < 500) return { status: added.status, orderId: null, key, tries: attempt };
      if (added.status >= 500) throw new Error(`cart ${added.status}`);
      const res = await fetch(`${base}/api/order/cash-on-delivery`, {
        method: "POST",
        headers: { ...headers, "idempotency-key": key },
        body,
      });
      const answer = await res.json().catch(() => ({}));
      last = { status: res.status, orderId: Array.isArray(answer?.data) ? (answer.data[0]?.orderId ?? null) : null };
      if (![502, 503, 504].includes(res.status)) return { ...last, key, tries: attempt };
    } catch {
      last = { status: 0, orderId: null };
    }
    await sleep(200 * attempt);
  }
  return { ...last, key, tries };
}

/**
 * Prepares `count` shoppers and a product pool in `db`, then `start()` places an order every `everyMs` until `stop()`,
 * which answers the outcomes ({ placed, refused: {status: n}, answers }).
 */
export async function orderTrickle(base, db, { count, everyMs = 1000, tries = 1 }) {
  const shoppers = await createShoppers(db, count, newRunId());
  await logInAll(shoppers, () => base);
  const pool = await preparePool(db, { size: 40, hot: 8, hotStock: 8, stock: 400 });
  const outcome = { placed: 0, refused: {}, answers: [], shoppers };
  const inFlight = new Set();
  let timer = null;
  let next = 0;

  async function placeOne() {
    if (next >= shoppers.length) return;
    const shopper = shoppers[next++];
    const answer = await placeOrder(base, shopper, pool[Math.floor(Math.random() * pool.length)], { tries });
    outcome.answers.push(answer);
    if (answer.status === 201) outcome.placed++;
    else outcome.refused[answer.status] = (outcome.refused[answer.status] ?? 0) + 1;
  }

  return {
    start() {
      timer = setInterval(() => {
        const p = placeOne();
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
      }, everyMs);
    },
    /** Stops placing; waits for the orders in flight. */
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return outcome;
    },
  };
}
