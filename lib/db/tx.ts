import "server-only";
import { prisma } from "./client";
import { Prisma } from "@/lib/generated/prisma/client";

// The one way to run a multi-statement write. Every transaction of the shop goes through `runTx`, which runs it again
// when PostgreSQL rolled it back for a reason that says nothing about the work itself: a deadlock or a serialization
// failure (40P01, 40001, Prisma's P2034), a transaction that never got a connection (the pool's wait ran out during a
// burst: nothing was done), or, where the caller says so, a clash of a randomly chosen unique value.

export type Tx = Prisma.TransactionClient;

/** PostgreSQL's isolation levels by name; READ COMMITTED is PostgreSQL's (and our) default. */
export const Isolation = Prisma.TransactionIsolationLevel;
export type IsolationLevel = Prisma.TransactionIsolationLevel;

export type TxOptions = {
  isolation?: IsolationLevel;
  /** how long to wait for a pooled connection (ms) */
  maxWaitMs?: number;
  /** how long the transaction may run (ms) */
  timeoutMs?: number;
  /** runs in all, the first included */
  attempts?: number;
  /** unique fields filled with random values (an order number): a clash on them is retried, any other is a conflict */
  retryUniqueOn?: readonly string[];
};

const DEFAULTS = { maxWaitMs: 10_000, timeoutMs: 20_000, attempts: 4 } as const;

const NO_CONNECTION = /timeout exceeded when trying to connect|Unable to start a transaction in the given time/i;

/** Whether a failed transaction may simply be run again. */
export function isRetryable(error: unknown, retryUniqueOn: readonly string[] = []): boolean {
  const message = String((error as Error)?.message ?? "");
  if (NO_CONNECTION.test(message)) return true;
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) {
    return /deadlock detected|could not serialize/i.test(message);
  }
  if (error.code === "P2028") return NO_CONNECTION.test(message);
  if (error.code === "P2034") return true;
  if (error.code === "P2002") {
    const meta = JSON.stringify(error.meta ?? {});
    return retryUniqueOn.some((field) => meta.includes(field));
  }
  if (error.code === "P2010") return /40P01|40001|deadlock/i.test(JSON.stringify(error.meta ?? {}));
  return false;
}

type Hook = () => unknown;
/** The after-commit hooks of each open runTx transaction (its client object is the key). */
const commitHooks = new WeakMap<Tx, Hook[]>();

/**
 * Runs `hook` once the runTx transaction `tx` has committed, never for an attempt that rolled back (a retried attempt
 * starts with no hooks). For side effects outside the database that must not announce uncommitted work (a Redis
 * publish). A hook's failure is reported by its own promise, never to the transaction's caller.
 */
export function afterCommit(tx: Tx, hook: Hook): void {
  const hooks = commitHooks.get(tx);
  if (!hooks) throw new Error("afterCommit needs a transaction of runTx");
  hooks.push(hook);
}

/** Runs `fn` in one transaction, again (with a short random pause) when isRetryable says so. */
export async function runTx<T>(fn: (tx: Tx) => Promise<T>, options: TxOptions = {}): Promise<T> {
  const { maxWaitMs, timeoutMs, attempts } = { ...DEFAULTS, ...options };
  for (let attempt = 1; ; attempt++) {
    const hooks: Hook[] = [];
    try {
      const result = await prisma.$transaction(
        (tx) => {
          commitHooks.set(tx, hooks);
          return fn(tx);
        },
        {
          maxWait: maxWaitMs,
          timeout: timeoutMs,
          ...(options.isolation ? { isolationLevel: options.isolation } : {}),
        },
      );
      for (const hook of hooks) void Promise.resolve().then(hook).catch(() => undefined);
      return result;
    } catch (error) {
      if (attempt < attempts && isRetryable(error, options.retryUniqueOn)) {
        await new Promise((r) => setTimeout(r, 10 + Math.random() * 50 * attempt));
        continue;
      }
      throw error;
    }
  }
}
