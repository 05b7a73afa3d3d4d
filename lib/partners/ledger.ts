import "server-only";
import type { AuditActor } from "@/lib/audit";
import { prisma, runTx, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { formatPaise } from "@/lib/money";
import { PARTNER_NOT_FOUND } from "./admin";

// Cash on delivery, accounted (issue 17): a partner's cash in hand is the sum of their CashLedgerEntry rows, an
// append-only ledger (the database refuses UPDATE and DELETE). Delivering a cash order adds its amount; a settlement
// (cash handed to the store) subtracts it. Both take the partner's row lock first, so a settlement racing a delivery
// checks the balance the delivery leaves and the entries always add up to the balances.

export type CashEntry = {
  id: string;
  kind: "COLLECTED" | "SETTLED";
  /** signed paise: + collected, − settled */
  amountPaise: number;
  orderNumber: string | null;
  recordedByEmail: string | null;
  /** ISO 8601 */
  at: string;
};

export type CashBalance = {
  partnerId: string;
  partnerNumber: number;
  name: string;
  storeId: string | null;
  balancePaise: number;
  /** ISO 8601 of the last settlement, null when never settled */
  lastSettledAt: string | null;
};

export const SETTLED_MESSAGE = "Settlement recorded";

/** What a ledger line shows (toEntry reads it). */
const ENTRY_COLUMNS = {
  id: true,
  kind: true,
  amountPaise: true,
  recordedByEmail: true,
  createdAt: true,
  order: { select: { orderNumber: true } },
} as const;

export const SETTLE_ABOVE_BALANCE = (balancePaise: number) =>
  `That is more than the partner holds (${formatPaise(balancePaise)})`;

async function lockPartner(tx: Tx, partnerId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "DeliveryPartner" WHERE id = ${partnerId} FOR UPDATE`;
  if (!rows[0]) throw new AppError("NOT_FOUND", PARTNER_NOT_FOUND);
}

async function balanceIn(tx: Tx, partnerId: string): Promise<number> {
  const sum = await tx.cashLedgerEntry.aggregate({ where: { partnerId }, _sum: { amountPaise: true } });
  return sum._sum.amountPaise ?? 0;
}

/**
 * Inside the delivery's transaction: the cash a partner took at the door for a cash order. Once per order (a retried
 * step adds nothing twice). Returns the partner's new cash in hand.
 */
export async function recordCashCollected(
  tx: Tx,
  input: { partnerId: string; orderId: string; amountPaise: number },
): Promise<number> {
  await lockPartner(tx, input.partnerId);
  if (input.amountPaise > 0) {
    const existing = await tx.cashLedgerEntry.findUnique({
      where: { orderId: input.orderId },
      select: { id: true },
    });
    if (!existing)
      await tx.cashLedgerEntry.create({
        data: {
          partnerId: input.partnerId,
          kind: "COLLECTED",
          amountPaise: input.amountPaise,
          orderId: input.orderId,
        },
      });
  }
  return balanceIn(tx, input.partnerId);
}

/** A partner's cash in hand, in paise (dispatch's cash limit reads it inside its own transaction). */
export async function cashInHand(tx: Tx | typeof prisma, partnerId: string): Promise<number> {
  const sum = await tx.cashLedgerEntry.aggregate({ where: { partnerId }, _sum: { amountPaise: true } });
  return sum._sum.amountPaise ?? 0;
}

/** Cash handed to the store: refused (400) above the partner's balance or for nothing. Returns the new balance. */
export async function settleCash(
  actor: AuditActor,
  input: { partnerId: string; amountPaise: number },
): Promise<{ balancePaise: number; entry: CashEntry }> {
  if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0)
    throw new AppError("VALIDATION", "Enter an amount above ₹0");
  return runTx(async (tx) => {
    await lockPartner(tx, input.partnerId);
    const balance = await balanceIn(tx, input.partnerId);
    if (input.amountPaise > balance) throw new AppError("VALIDATION", SETTLE_ABOVE_BALANCE(balance));
    const row = await tx.cashLedgerEntry.create({
      data: {
        partnerId: input.partnerId,
        kind: "SETTLED",
        amountPaise: -input.amountPaise,
        recordedById: actor.id,
        recordedByEmail: actor.email,
      },
    });
    return { balancePaise: balance - input.amountPaise, entry: toEntry({ ...row, order: null }) };
  });
}

type EntryRow = {
  id: string;
  kind: "COLLECTED" | "SETTLED";
  amountPaise: number;
  recordedByEmail: string | null;
  createdAt: Date;
  order: { orderNumber: string } | null;
};

const toEntry = (r: EntryRow): CashEntry => ({
  id: r.id,
  kind: r.kind,
  amountPaise: r.amountPaise,
  orderNumber: r.order?.orderNumber ?? null,
  recordedByEmail: r.recordedByEmail,
  at: r.createdAt.toISOString(),
});

/** One partner's ledger, newest first, with the balance (the partner app's Today, `GET /api/partner/ledger`). */
export async function partnerLedger(
  partnerId: string,
  take = 50,
): Promise<{ balancePaise: number; entries: CashEntry[] }> {
  const [rows, balancePaise] = await Promise.all([
    prisma.cashLedgerEntry.findMany({
      where: { partnerId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take,
      select: ENTRY_COLUMNS,
    }),
    cashInHand(prisma, partnerId),
  ]);
  return { balancePaise, entries: rows.map(toEntry) };
}

export type CashEntryWithPartner = CashEntry & { partnerNumber: number; partnerName: string };

/** The latest entries of every partner, newest first (the Cash screen's history: who settled what, when). */
export async function recentCashEntries(take = 30): Promise<CashEntryWithPartner[]> {
  const rows = await prisma.cashLedgerEntry.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { ...ENTRY_COLUMNS, partner: { select: { seq: true, name: true } } },
  });
  return rows.map((r) => ({ ...toEntry(r), partnerNumber: r.partner.seq, partnerName: r.partner.name }));
}

/** Every partner's cash in hand, largest first (the dashboard's Cash screen). */
export async function cashBalances(): Promise<CashBalance[]> {
  const rows = await prisma.$queryRaw<
    {
      id: string;
      seq: number;
      name: string;
      storeId: string | null;
      balance: bigint | null;
      lastSettledAt: Date | null;
    }[]
  >`
    SELECT p.id, p.seq, p.name, p."storeId",
           COALESCE(SUM(e."amountPaise"), 0) AS balance,
           MAX(e."createdAt") FILTER (WHERE e.kind = 'SETTLED') AS "lastSettledAt"
    FROM "DeliveryPartner" p LEFT JOIN "CashLedgerEntry" e ON e."partnerId" = p.id
    GROUP BY p.id
    ORDER BY balance DESC, p.seq`;
  return rows.map((r) => ({
    partnerId: r.id,
    partnerNumber: r.seq,
    name: r.name,
    storeId: r.storeId,
    balancePaise: Number(r.balance ?? 0),
    lastSettledAt: r.lastSettledAt ? r.lastSettledAt.toISOString() : null,
  }));
}
