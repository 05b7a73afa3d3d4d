import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "@/lib/errors";
import { postgresStore } from "./postgres-store";
import { createRedisStore } from "./redis-store";
import type { RateLimitStore, Window } from "./store";

// Fixed-window rate limits (decisions.md): PostgreSQL by default, Redis when REDIS_URL is set.

export type Limit = { points: number; windowSeconds: number };

let store: RateLimitStore | undefined;
function currentStore(): RateLimitStore {
  if (!store) {
    const url = process.env.REDIS_URL?.trim();
    store = url ? createRedisStore(url) : postgresStore;
  }
  return store;
}

/** For tests and tools: use this store instead of the configured one (undefined restores the default). */
export function setRateLimitStore(next: RateLimitStore | undefined) {
  store = next;
}

/** Turns personal data (an e-mail) into a stable key part, so the counters table holds no addresses. */
export function keyPart(value: string): string {
  return createHash("sha256").update(value).digest("base64url").slice(0, 22);
}

function retryAfterSeconds(window: Window): number {
  return Math.max(1, Math.ceil((window.resetAt.getTime() - Date.now()) / 1000));
}

/** "Too many attempts. Try again in N minutes." */
export function tooManyMessage(seconds: number): string {
  if (seconds < 60) return `Too many attempts. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

function limited(window: Window): AppError {
  const seconds = retryAfterSeconds(window);
  return new AppError("RATE_LIMITED", tooManyMessage(seconds), { retryAfterSeconds: seconds });
}

/** Counts one hit on `key`; throws RATE_LIMITED (429) when this hit goes over `points` in the window. */
export async function consume(key: string, limit: Limit): Promise<{ remaining: number; resetAt: Date }> {
  const window = await currentStore().increment(key, limit.windowSeconds * 1000);
  if (window.count > limit.points) throw limited(window);
  return { remaining: limit.points - window.count, resetAt: window.resetAt };
}

/**
 * consume for several distinct keys, every one counted (in one round trip where the store can); throws the first
 * key's RATE_LIMITED, in the order given, among those that went over.
 */
export async function consumeAll(hits: readonly { key: string; limit: Limit }[]): Promise<void> {
  const current = currentStore();
  const asked = hits.map((h) => ({ key: h.key, windowMs: h.limit.windowSeconds * 1000 }));
  const windows = current.incrementMany
    ? await current.incrementMany(asked)
    : await Promise.all(asked.map((h) => current.increment(h.key, h.windowMs)));
  const over = windows.findIndex((window, i) => window.count > hits[i]!.limit.points);
  if (over >= 0) throw limited(windows[over]!);
}

/**
 * Throws RATE_LIMITED when `key` has already used up `limit` in its window, without counting a hit. For limits on
 * one kind of answer (e.g. "this e-mail is taken"): check before the work, `consume` only when that answer is given,
 * so an address that has had its share is refused everything until the window ends, not only that answer (which
 * would tell the answer apart by its status).
 */
export async function assertNotLimited(key: string, limit: Limit): Promise<void> {
  const window = await currentStore().get(key);
  if (window && window.count >= limit.points) throw limited(window);
}

/**
 * Gives back a point taken by `consume`. For limits that count failures only (failed logins): consume before the
 * attempt, so concurrent attempts cannot slip past the limit, and refund when the attempt succeeds.
 */
export async function refund(key: string): Promise<void> {
  await currentStore().decrement(key);
}

/** The current window of a key, or null (for tools and tests). */
export async function peekLimit(key: string): Promise<Window | null> {
  return currentStore().get(key);
}

/** Forgets a counter (e.g. the failed-login count of an account whose password was just reset). */
export async function resetLimit(key: string): Promise<void> {
  await currentStore().delete(key);
}

export type { RateLimitStore, Window } from "./store";
