import { toRupees } from "@/lib/money";
import type { CashEntry } from "@/lib/partners/ledger";

// The cash ledger in the REST contract's words: amounts in rupees (signed: + collected, − settled).

export const toRestCashEntry = (e: CashEntry) => ({
  _id: e.id,
  kind: e.kind === "COLLECTED" ? "collected" : "settled",
  amount: toRupees(e.amountPaise),
  orderNumber: e.orderNumber,
  recordedBy: e.recordedByEmail,
  createdAt: e.at,
});
