import "server-only";
import { runTx as runDbTx, type Tx, type TxOptions } from "@/lib/db";

export type { Tx };

// Order transactions (lib/db/tx.ts) with generous waits: concurrent checkouts of one product queue on its row lock
// (that is how stock stays exact) while holding a pooled connection. A clash of random order numbers is retried.
const ORDER_TX: TxOptions = { maxWaitMs: 15_000, timeoutMs: 30_000, retryUniqueOn: ["orderNumber"] };

export const runTx = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runDbTx(fn, ORDER_TX);

/** Locks one order row for the rest of the transaction; false when there is no such order. */
export async function lockOrder(tx: Tx, orderId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
  return rows.length > 0;
}
