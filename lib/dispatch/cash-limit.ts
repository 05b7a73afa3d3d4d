import "server-only";
import { toPaise } from "@/lib/money";

// The cash a partner may hold before they must settle (issue 17): PARTNER_CASH_LIMIT in rupees, ₹2,000 by default.
// Read at each use, so an operator's change applies at the next dispatch and tests can switch it.
export const DEFAULT_CASH_LIMIT_RUPEES = 2000;

export function cashLimitRupees(): number {
  const raw = process.env.PARTNER_CASH_LIMIT?.trim();
  const rupees = raw ? Number(raw) : DEFAULT_CASH_LIMIT_RUPEES;
  return Number.isFinite(rupees) && rupees >= 0 ? rupees : DEFAULT_CASH_LIMIT_RUPEES;
}

export const cashLimitPaise = (): number => toPaise(cashLimitRupees());
