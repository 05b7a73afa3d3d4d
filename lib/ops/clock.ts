import "server-only";
import { env } from "@/lib/env";

// The shop's clock (issue 16: "a clock that tests can set, so CI passes at any hour"). Everything time-of-day —
// store opening hours first — asks `now()` here instead of `new Date()`, and reads local time in the shop's time zone
// (`SHOP_TZ`, default Asia/Kolkata), never the server's. Tests pin the clock with `setClock`.

let source: (() => Date) | null = null;

/** The current instant: the real time, or what a test set. */
export function now(): Date {
  return source ? source() : new Date();
}

/**
 * Pins the clock (a Date, or a function for a moving clock) for tests; `null` gives the real time back. In-process
 * only: a separate server process keeps the real clock.
 */
export function setClock(at: Date | (() => Date) | null): void {
  source = at === null ? null : typeof at === "function" ? at : () => new Date(at.getTime());
}

/** The shop's IANA time zone (`SHOP_TZ`). */
export function shopTimeZone(): string {
  return env().SHOP_TZ;
}
