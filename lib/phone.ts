import "@/lib/zod-browser";
import { z } from "zod";

// The one phone normaliser (decisions.md): profile, addresses and delivery partners all store 10 digits.
// No `server-only` here: client forms use the same rule before they submit.

export const PHONE_MESSAGE = "Enter a valid 10-digit mobile number";

/**
 * Accepts an Indian mobile number written with `+91` / `91` / a leading `0`, spaces, hyphens, dots or
 * brackets, and returns its 10 digits; null when it is not a valid Indian mobile (10 digits starting 6–9).
 */
export function normalisePhone(input: string): string | null {
  let digits = input.trim().replace(/[\s\-().]/g, "");
  if (digits.startsWith("+91")) digits = digits.slice(3);
  else if (digits.startsWith("0091") && digits.length === 14) digits = digits.slice(4);
  else if (digits.startsWith("91") && digits.length === 12) digits = digits.slice(2);
  else if (digits.startsWith("0") && digits.length === 11) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** A zod field for a required mobile number: accepts a string (or a bare number) and yields 10 digits. */
export const mobileField = z
  .union([z.string(), z.number()], { error: "Mobile is required" })
  .transform((value, ctx) => {
    const text = String(value);
    if (!text.trim()) {
      ctx.addIssue({ code: "custom", message: "Mobile is required" });
      return z.NEVER;
    }
    const phone = normalisePhone(text);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return phone;
  });
