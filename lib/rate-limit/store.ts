import "server-only";

/** A fixed-window counter: `count` hits so far in the window that ends at `resetAt`. */
export type Window = { count: number; resetAt: Date };

export interface RateLimitStore {
  /** Adds one hit (starting a new window when there is none or it has ended) and returns the window. */
  increment(key: string, windowMs: number): Promise<Window>;
  /**
   * increment for several distinct keys at once, the windows in the same order (a store that can, in one round
   * trip: every call of a placement is paid many times over in a rush, issue 19 #3).
   */
  incrementMany?(hits: readonly { key: string; windowMs: number }[]): Promise<Window[]>;
  /** The current window, or null when there is none (or it has ended). */
  get(key: string): Promise<Window | null>;
  /** Takes one hit back from a live window (never below zero); no-op when there is none. */
  decrement(key: string): Promise<void>;
  /** Forgets the key. */
  delete(key: string): Promise<void>;
}
