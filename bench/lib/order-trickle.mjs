// About one cash order a second in the background of a read bench (issue 19: pages are measured "while about one
// order per second is being placed"): each from its own shopper and client address, one unit of a product of a pool
// in which a few products have little stock, so some sales leave a product at "Only N left" or sold out and expire
// its store's cached pages, as on a real evening.
import { createShoppers, logInAll, newRunId, preparePool } from "./load-prep.mjs";

/**
 * Prepares `count` shoppers and a product pool in `db`, then `start()` places an order every `everyMs` until `stop()`,
 * which answers the outcomes ({ placed, refused: {status: n} }).
 */
export async function orderTrickle(base, db, { count, everyMs = 1000 }) {
  const shoppers = await createShoppers(db, count, newRunId());
  await logInAll(shoppers, () => base);
  const pool = await preparePool(db, { size: 40, hot: 8, hotStock: 8, stock: 400 });
  const outcome = { placed: 0, refused: {} };
  let timer = null;
  let next = 0;
  const refuse = (status) => (outcome.refused[status] = (outcome.refused[status] ?? 0) + 1);

  async function placeOne() {
    const shopper = shoppers[next++ % shoppers.length];
    const product = pool[Math.floor(Math.random() * pool.length)];
    const headers = {
      "content-type": "application/json",
      authorization: `Bearer ${shopper.token}`,
      "x-forwarded-for": shopper.ip,
    };
    const added = await fetch(`${base}/api/cart/create`, { method: "POST", headers, body: JSON.stringify({ productId: product.id }) });
    if (!added.ok) return refuse(`cart ${added.status}`);
    const rupees = product.unitPaise / 100;
    const order = await fetch(`${base}/api/order/cash-on-delivery`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        list_items: [{ productId: product.id, quantity: 1 }],
        addressId: shopper.addressId,
        subTotalAmt: rupees,
        totalAmt: rupees,
      }),
    });
    if (order.status === 201) outcome.placed++;
    else refuse(`order ${order.status}`);
  }

  return {
    start() {
      timer = setInterval(() => void placeOne().catch((e) => refuse(e.message)), everyMs);
    },
    stop() {
      clearInterval(timer);
      return outcome;
    },
  };
}
