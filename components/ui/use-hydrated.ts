"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server HTML and while React hydrates it, true once the page is interactive. Forms expose it as
 * `data-hydrated` and controls as `data-ready`, so browser tests wait for it instead of typing into inputs or
 * clicking buttons React has not taken over yet; buttons whose click would be lost stay disabled until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
