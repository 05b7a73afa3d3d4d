"use client";

import { useEffect, useState, useSyncExternalStore } from "react";

// The shop's first-paint client state (who is signed in, the cart, the saved addresses) without TanStack Query: the
// header, the ADD buttons and the phone's cart bar are on every shop page, and TanStack's ~13 kB gzipped in their
// first load kept the home and product pages over their 150 kB budget (issue 19); checkout's address list is the
// same kind of state. A resource is one shared, cached answer with the
// parts of TanStack's behaviour those screens rely on: one request shared by every reader, a fresh-for window,
// a refetch when a reader mounts on a stale answer or the browser comes back online, retries with TanStack's
// back-off, invalidate/reset/cancel, and a failure that gives up told through `onError`. Screens that need more
// (orders, the admin's lists, infinite grids) keep TanStack Query, loaded where they are
// (components/ui/query-provider.tsx).

export type ResourceState<T> = {
  data: T | undefined;
  /** "pending" until a first answer (or failure); as TanStack's status */
  status: "pending" | "success" | "error";
  fetching: boolean;
  /** when `data` was last set, for "is this answer older than N ms" */
  updatedAt: number;
  /** what the last fetch failed with, once it gave up (status "error"); null otherwise */
  error: unknown;
};

export type ResourceOptions<T> = {
  fetch: () => Promise<T>;
  /** an answer younger than this is not fetched again when a reader mounts */
  staleTime: number;
  /** attempts after the first failure (TanStack's default is 3) */
  retry?: number;
  /** fetch again each time the page becomes visible, however fresh the answer (TanStack's refetchOnWindowFocus "always") */
  refetchOnVisible?: boolean;
  /** a fetch that failed after its retries */
  onError?: (error: unknown) => void;
};

export type Resource<T> = {
  getState: () => ResourceState<T>;
  subscribe: (listener: () => void) => () => void;
  /** the answer, fetched when there is none (or it is invalidated/stale if `fresh`); shares a fetch under way */
  fetch: (options?: { fresh?: boolean }) => Promise<T>;
  /** the answer in hand, or a fetch */
  ensure: () => Promise<T>;
  /** replaces the answer (an optimistic change or a server's answer), as fresh */
  set: (data: T) => void;
  /** drops a fetch under way: its answer will not replace what is shown now */
  cancel: () => void;
  /** marks the answer stale and fetches again if something shows it */
  invalidate: () => Promise<void>;
  /** forgets the answer (readers show "pending") and fetches again if something shows it */
  reset: () => Promise<void>;
  /** puts a server render's answer in an empty resource, without telling readers (they render it themselves) */
  seed: (data: T) => boolean;
  /** tells readers the state changed (after a seed) */
  notify: () => void;
};

const INITIAL = { data: undefined, status: "pending", fetching: false, updatedAt: 0, error: null } as const;

/** TanStack Query's default retry delay: 1 s, 2 s, 4 s … at most 30 s. */
export const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createResource<T>(options: ResourceOptions<T>): Resource<T> {
  let state: ResourceState<T> = INITIAL;
  let invalidated = false;
  let inFlight: Promise<T> | null = null;
  /** bumped by cancel/invalidate/reset: the answer of an older fetch is not applied */
  let generation = 0;
  const listeners = new Set<() => void>();
  const retries = options.retry ?? 3;

  const setState = (next: Partial<ResourceState<T>>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const isStale = () =>
    invalidated || state.data === undefined || Date.now() - state.updatedAt >= options.staleTime;

  function start(): Promise<T> {
    const mine = ++generation;
    const run = (async () => {
      for (let failures = 0; ; failures++) {
        try {
          return await options.fetch();
        } catch (error) {
          if (failures >= retries || mine !== generation) throw error;
          await wait(retryDelay(failures));
        }
      }
    })();
    const settled = run.then(
      (data) => {
        if (mine === generation) {
          invalidated = false;
          inFlight = null;
          setState({ data, status: "success", fetching: false, updatedAt: Date.now(), error: null });
        }
        return data;
      },
      (error: unknown) => {
        if (mine === generation) {
          inFlight = null;
          setState({ status: "error", fetching: false, error });
          options.onError?.(error);
        }
        throw error;
      },
    );
    inFlight = settled;
    if (!state.fetching) setState({ fetching: true });
    return settled;
  }

  const fetch = ({ fresh = false } = {}): Promise<T> => {
    if (inFlight) return inFlight;
    if (!fresh && !isStale() && state.data !== undefined) return Promise.resolve(state.data);
    return start();
  };

  const cancel = () => {
    if (!inFlight) return;
    generation++;
    inFlight = null;
    setState({ fetching: false });
  };

  const refetchIfShown = async () => {
    if (listeners.size === 0) return;
    await start().then(
      () => undefined,
      () => undefined,
    );
  };

  const onVisible = () => {
    if (document.visibilityState === "visible") void fetch({ fresh: true }).catch(() => undefined);
  };
  const onOnline = () => {
    if (isStale()) void fetch().catch(() => undefined);
  };

  return {
    getState: () => state,
    subscribe(listener) {
      if (listeners.size === 0) {
        window.addEventListener("online", onOnline);
        if (options.refetchOnVisible) document.addEventListener("visibilitychange", onVisible);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        window.removeEventListener("online", onOnline);
        if (options.refetchOnVisible) document.removeEventListener("visibilitychange", onVisible);
      };
    },
    fetch,
    ensure: () => (state.data !== undefined ? Promise.resolve(state.data) : fetch()),
    set(data) {
      setState({ data, status: "success", updatedAt: Date.now(), error: null });
    },
    cancel,
    invalidate() {
      invalidated = true;
      cancel();
      return refetchIfShown();
    },
    reset() {
      cancel();
      invalidated = false;
      state = INITIAL;
      for (const listener of listeners) listener();
      return refetchIfShown();
    },
    seed(data) {
      if (state.data !== undefined || typeof window === "undefined") return false;
      state = { ...state, data, status: "success", updatedAt: Date.now() };
      return true;
    },
    notify() {
      for (const listener of listeners) listener();
    },
  };
}

const serverState = () => INITIAL;

/**
 * Reads a resource and keeps the component up to date; fetches when it mounts on a missing or stale answer
 * (TanStack's refetchOnMount). Server renders and hydration see "pending", as TanStack's did.
 */
export function useResource<T>(resource: Resource<T>): ResourceState<T> {
  const state = useSyncExternalStore(
    resource.subscribe,
    resource.getState,
    serverState as () => ResourceState<T>,
  );
  useEffect(() => {
    // a failure is told by the resource's onError; the reader shows its state
    void resource.fetch().catch(() => undefined);
  }, [resource]);
  return state;
}

/**
 * Puts a server render's answer (`initial`) in an empty resource at the component's first render, so the tab does
 * not ask again for what the page brought, and tells the readers that rendered before it (TanStack's initialData).
 * `mayUse` can refuse it: the tab then fetches as if there were none.
 */
export function useSeed<T>(resource: Resource<T>, initial: T | undefined, mayUse: () => boolean = () => true): void {
  const [seeded] = useState(() => initial !== undefined && mayUse() && resource.seed(initial));
  useEffect(() => {
    if (seeded) resource.notify();
  }, [resource, seeded]);
}
