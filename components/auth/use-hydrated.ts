"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server HTML and while React hydrates it, true once the page is interactive. Forms expose it as
 * `data-hydrated` so browser tests wait for it instead of typing into inputs React has not taken over yet.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
