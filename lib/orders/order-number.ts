import "server-only";
import { randomBytes } from "node:crypto";

// decisions.md: the order number shoppers see, e.g. KM-2611-4F7QX2: KM, the year and month (India time) and six
// characters from an alphabet without 0/O and 1/I (easy to read out on a support call). 32⁶ ≈ 10⁹ per month;
// the unique index catches the rare clash and the order's transaction is retried with a new number.

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"; // 32 symbols: one per 5 bits
const IST_OFFSET_MS = 330 * 60_000;

export function newOrderNumber(now: Date = new Date()): string {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const yymm = `${String(ist.getUTCFullYear() % 100).padStart(2, "0")}${String(ist.getUTCMonth() + 1).padStart(2, "0")}`;
  const suffix = [...randomBytes(6)].map((b) => ALPHABET[b & 31]).join("");
  return `KM-${yymm}-${suffix}`;
}

/** Order numbers as typed or linked: trimmed, upper-cased. */
export const normaliseOrderNumber = (value: string): string => value.trim().toUpperCase();
