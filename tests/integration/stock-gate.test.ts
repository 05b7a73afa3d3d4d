import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { invalidateStoreStock } from "@/lib/catalog/cache";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { admit, clearStockGate, type Release } from "@/lib/orders/stock-gate";
import { installDemoStores } from "../support/demo-stores";

// The stock gate (lib/orders/stock-gate.ts, issue 19 #3): before its transaction, a placement holds its units in
// memory; a rush for the last units waits there, and its sold-out buyers are refused without a transaction, on a
// reading of the shelf made after they arrived. The transaction still decides every sale (tests/integration/
// orders-place.test.ts races 200 real checkouts through it).

const STORE = "main";
let seq = 0;

async function product(stock: number): Promise<{ id: string; name: string }> {
  const name = `Gate Milk ${randomUUID().slice(0, 8)} ${seq++}`;
  const p = await prisma.product.create({
    data: { name, images: ["/media/catalog/gate.webp"], unit: "1 l", stock, pricePaise: 5_000, description: "Gate test." },
    select: { id: true, name: true },
  });
  return p;
}

const setStock = (productId: string, stock: number) =>
  prisma.storeStock.update({ where: { storeId_productId: { storeId: STORE, productId } }, data: { stock } });

/** What admit answered: held (with its release) or refused (with its message). */
async function tryAdmit(productId: string, quantity = 1, options?: { mayRefuse?: boolean }) {
  try {
    return { release: await admit(STORE, [{ productId, quantity }], options) };
  } catch (error) {
    if (error instanceof AppError && error.code === "OUT_OF_STOCK") return { refused: error.message };
    throw error;
  }
}

/** A moment for anything that would wrongly answer now to do so. */
const tick = () => new Promise((r) => setTimeout(r, 100));

beforeAll(async () => {
  await installDemoStores();
});

describe("the stock gate", () => {
  it("holds the last units for the first buyers, keeps the others waiting in memory, then refuses them at once", async () => {
    const p = await product(3);
    const answers: ({ release: Release } | { refused: string })[] = [];
    const all = Promise.all(Array.from({ length: 10 }, () => tryAdmit(p.id).then((a) => answers.push(a))));
    const heldNow = () => answers.filter((a): a is { release: Release } => "release" in a);
    await expect.poll(() => heldNow().length).toBe(3);
    // the other seven wait while the three placements run: none refused (a failure could give a unit back)
    await tick();
    expect(answers).toHaveLength(3);
    const held = heldNow();
    await setStock(p.id, 0); // what the three transactions did
    for (const a of held) a.release("taken");
    await all;
    const refused = answers.filter((a): a is { refused: string } => "refused" in a);
    expect(refused).toHaveLength(7);
    expect(new Set(refused.map((r) => r.refused))).toEqual(new Set([`Sorry, ${p.name} is out of stock. Review your cart.`]));
  });

  it("gives a failed placement's units to the next buyer waiting", async () => {
    const p = await product(1);
    const first = await tryAdmit(p.id);
    expect("release" in first).toBe(true);
    const second = tryAdmit(p.id);
    await tick();
    (first as { release: Release }).release("failed"); // e.g. its prices had changed: nothing taken
    expect("release" in (await second)).toBe(true);
  });

  it("refuses on the shelf as it is when the buyer arrives: a count changed behind its back is read again", async () => {
    const p = await product(1);
    expect(await tryAdmit(p.id, 3)).toEqual({ refused: `Only 1 of ${p.name} left in stock. Review your cart.` });
    await setStock(p.id, 0); // an unannounced write
    expect(await tryAdmit(p.id, 3)).toEqual({ refused: `Sorry, ${p.name} is out of stock. Review your cart.` });
    await setStock(p.id, 5);
    const again = await tryAdmit(p.id, 3);
    expect("release" in again).toBe(true);
    (again as { release: Release }).release("failed");
  });

  it("lets a keyed placement through to its transaction instead of refusing it (it may be a retry of a placed order)", async () => {
    const p = await product(0);
    expect("refused" in (await tryAdmit(p.id))).toBe(true);
    const keyed = await tryAdmit(p.id, 1, { mayRefuse: false });
    expect("release" in keyed).toBe(true);
    (keyed as { release: Release }).release("refused-by-stock");
  });

  it("a restock announced lets the next buyer through while earlier ones still run; an announced sale does not", async () => {
    const p = await product(1);
    const first = (await tryAdmit(p.id)) as { release: Release };
    // a sale announced (its shelf at "Only N left"): the gate counted it already, so the next buyer waits for the first
    invalidateStoreStock(STORE, [p.id], { sold: true });
    let answered = false;
    const next = tryAdmit(p.id).then((a) => ((answered = true), a));
    await tick();
    expect(answered).toBe(false);
    // a restock, announced (the store's stock screen, an import, another instance): let through to its transaction
    await setStock(p.id, 5);
    invalidateStoreStock(STORE, [p.id]);
    const answer = await next;
    expect(answer).toHaveProperty("release");
    first.release("taken");
    (answer as { release: Release }).release("failed");
    clearStockGate(STORE);
  });
});
