import "server-only";
import { createHash } from "node:crypto";
import { Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Tx } from "./tx";

// Idempotency-Key (api-contract.md, decisions.md): the same key with the same body returns the first result; the
// same key with another body is a 409. The key is claimed INSIDE the order's transaction with
// INSERT … ON CONFLICT DO NOTHING: a concurrent request with the same key waits on the unique index until the
// first transaction ends, then either finds its committed record (and answers from it) or, if the first one
// failed and rolled back, proceeds itself. So failures are not remembered: a retry after a 409 runs again.
// While a card checkout is between its order and its payment session, the record has status 0 and remembers the
// order; a repeat then finishes that same order's session.

export const KEY_REUSED_MESSAGE =
  "This Idempotency-Key was already used for a different request; send a new key for a new order";

export type IdempotencyClaim =
  | { fresh: true }
  | { fresh: false; status: number; response: Prisma.JsonValue };

/** A stable hash of the call and its body (object keys sorted, so key order does not matter). */
export function requestHash(kind: string, body: unknown): string {
  return createHash("sha256").update(`${kind}\n${stableStringify(body)}`).digest("hex");
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export async function claimIdempotencyKey(
  tx: Tx,
  userId: string,
  key: string,
  hash: string,
): Promise<IdempotencyClaim> {
  const inserted = await tx.idempotencyRecord.createMany({
    data: [{ userId, key, requestHash: hash, status: 0, response: {} }],
    skipDuplicates: true,
  });
  if (inserted.count === 1) return { fresh: true };
  const record = await tx.idempotencyRecord.findUnique({ where: { userId_key: { userId, key } } });
  if (!record) throw new AppError("CONFLICT", "This request is already being processed; please retry");
  if (record.requestHash !== hash) throw new AppError("CONFLICT", KEY_REUSED_MESSAGE);
  return { fresh: false, status: record.status, response: record.response };
}

export async function completeIdempotencyKey(
  tx: Tx,
  userId: string,
  key: string,
  status: number,
  response: Prisma.InputJsonValue,
): Promise<void> {
  await tx.idempotencyRecord.update({ where: { userId_key: { userId, key } }, data: { status, response } });
}
