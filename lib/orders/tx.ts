import "server-only";
import { prisma, Prisma } from "@/lib/db";

type Tx = Prisma.TransactionClient;
export type { Tx };

// Every order transaction runs through here. Waits are generous because concurrent checkouts of one product queue
// on its row lock (that is how stock stays exact) while holding a pooled connection. A deadlock or write conflict
// (P2034) and a clash of random order numbers (P2002) roll the whole transaction back, so it is simply run again;
// so is a transaction that never got a connection (the pool's wait ran out during a burst: nothing was done).

const OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;
const ATTEMPTS = 4;

const NO_CONNECTION = /timeout exceeded when trying to connect|Unable to start a transaction in the given time/i;

export function isRetryable(error: unknown): boolean {
  const message = String((error as Error)?.message ?? "");
  if (NO_CONNECTION.test(message)) return true;
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) {
    return /deadlock detected|could not serialize/i.test(message);
  }
  if (error.code === "P2028") return NO_CONNECTION.test(message);
  if (error.code === "P2034") return true;
  // only a clash of random order numbers; any other unique violation is a real conflict
  if (error.code === "P2002") return /orderNumber/.test(JSON.stringify(error.meta ?? {}));
  if (error.code === "P2010") {
    const meta = JSON.stringify(error.meta ?? {});
    return /40P01|40001|deadlock/i.test(meta);
  }
  return false;
}

export async function runTx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await prisma.$transaction(fn, OPTIONS);
    } catch (error) {
      if (attempt < ATTEMPTS && isRetryable(error)) {
        await new Promise((r) => setTimeout(r, 10 + Math.random() * 50 * attempt));
        continue;
      }
      throw error;
    }
  }
}

/** Locks one order row for the rest of the transaction; false when there is no such order. */
export async function lockOrder(tx: Tx, orderId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
  return rows.length > 0;
}
