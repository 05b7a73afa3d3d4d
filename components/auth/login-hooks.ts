"use client";

/**
 * Hook point for "a guest just logged in" (decisions.md: the guest cart is merged into the account cart at login,
 * before the account's caches are reset). Register a hook once, e.g. from the cart provider:
 *
 *   useEffect(() => registerLoginHook(async ({ userId }) => { await mergeGuestCart(); }), []);
 *
 * The login and register forms call `beginLogin()` before `signIn(...)`, then `complete(user)` after a successful
 * sign-in, which awaits every hook. <SessionSync> waits for `loginSettled()` before it resets the cart, address and
 * order caches, so a merge runs first and the refetched cart already holds the merged lines.
 */

export type LoginHookContext = { userId: string; email: string };
export type LoginHook = (context: LoginHookContext) => void | Promise<void>;

const hooks = new Set<LoginHook>();
let pending: Promise<void> | null = null;

/** A hook never holds the login (and the cache reset) up for longer than this. */
export const LOGIN_HOOK_TIMEOUT_MS = 10_000;

/** Adds a hook run after every successful login; returns a function that removes it. */
export function registerLoginHook(hook: LoginHook): () => void {
  hooks.add(hook);
  return () => {
    hooks.delete(hook);
  };
}

/** Runs every registered hook; a failing or slow hook is logged and never fails the login. */
export async function runLoginHooks(context: LoginHookContext): Promise<void> {
  await Promise.all(
    [...hooks].map(async (hook) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(() => hook(context)),
          new Promise<void>((resolve) => {
            timer = setTimeout(() => {
              console.warn("login hook timed out");
              resolve();
            }, LOGIN_HOOK_TIMEOUT_MS);
          }),
        ]);
      } catch (error) {
        console.error("login hook failed", error);
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}

/**
 * Marks a login as under way. `complete(user)` runs the hooks and then releases anyone waiting on
 * `loginSettled()`; `abort()` (failed sign-in) releases them at once.
 */
export function beginLogin(): { complete: (context: LoginHookContext) => Promise<void>; abort: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  pending = gate;
  const done = () => {
    if (pending === gate) pending = null;
    release();
  };
  return {
    async complete(context) {
      try {
        await runLoginHooks(context);
      } finally {
        done();
      }
    },
    abort: done,
  };
}

/** Resolves once no login is running its hooks (immediately when none is). */
export function loginSettled(): Promise<void> {
  return pending ?? Promise.resolve();
}
