import "server-only";

// The 6-digit codes mailed for a password reset (./password-reset.ts) and for verifying an e-mail
// (./email-verification.ts) live the same life: one live code per account (a new one replaces the old), every try
// counted atomically before the code is judged, used up once. Each kind keeps its own table and its own hash; these
// helpers take the table (prisma.passwordResetCode, tx.emailVerificationCode…) and do the writes they share.

type FreshCode = { codeHash: string; attempts: number; expiresAt: Date; usedAt: null; createdAt: Date };
type CodeRow = { id: string; codeHash: string };

/**
 * Stores a fresh code for the account, replacing an earlier one: no tries yet, valid `minutes` from now. `extra` holds
 * the columns only one kind has (the address an e-mail verification code was sent to).
 */
export async function storeCode<Extra extends object>(
  table: {
    upsert(args: {
      where: { userId: string };
      create: { userId: string } & Extra & FreshCode;
      update: Extra & FreshCode;
    }): PromiseLike<unknown>;
  },
  userId: string,
  fresh: { codeHash: string; minutes: number },
  extra: Extra,
): Promise<void> {
  const fields = {
    ...extra,
    codeHash: fresh.codeHash,
    attempts: 0,
    expiresAt: new Date(Date.now() + fresh.minutes * 60_000),
    usedAt: null,
    createdAt: new Date(),
  };
  await table.upsert({ where: { userId }, create: { userId, ...fields }, update: fields });
}

/** Counts one try against the code, atomically: false when it was used, replaced or ran out of tries meanwhile. */
export async function claimCodeTry(
  table: {
    updateMany(args: {
      where: { id: string; codeHash: string; usedAt: null; attempts: { lt: number } };
      data: { attempts: { increment: number } };
    }): PromiseLike<{ count: number }>;
  },
  row: CodeRow,
  maxAttempts: number,
): Promise<boolean> {
  const { count } = await table.updateMany({
    where: { id: row.id, codeHash: row.codeHash, usedAt: null, attempts: { lt: maxAttempts } },
    data: { attempts: { increment: 1 } },
  });
  return count === 1;
}

/** Uses the code up (in the caller's transaction): false when another call used or replaced it first. */
export async function useCode(
  table: {
    updateMany(args: {
      where: { id: string; codeHash: string; usedAt: null };
      data: { usedAt: Date };
    }): PromiseLike<{ count: number }>;
  },
  row: CodeRow,
): Promise<boolean> {
  const { count } = await table.updateMany({
    where: { id: row.id, codeHash: row.codeHash, usedAt: null },
    data: { usedAt: new Date() },
  });
  return count === 1;
}
