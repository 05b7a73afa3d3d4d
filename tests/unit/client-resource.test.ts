// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createResource, retryDelay, useResource } from "@/components/ui/client-resource";

// The session and the cart left TanStack Query for this small store (issue 19: first-load JavaScript). What the
// header, the ADD buttons and the cart relied on from TanStack is pinned here: one shared request, the fresh-for
// window, retries with TanStack's back-off and one failure told, cancel/invalidate/reset, and the seed of a server
// render.

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A fetch whose answers the test gives one at a time. */
function controlledFetch<T>() {
  const pending: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const fetch = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  /** the n-th request's answer (0 = the first) */
  const answer = (n: number, value: T) => {
    const call = pending[n];
    if (!call) throw new Error(`no request #${n}`);
    call.resolve(value);
  };
  return { fetch, answer };
}

describe("client resource", () => {
  it("shares one request among readers and keeps a fresh answer", async () => {
    const { fetch, answer } = controlledFetch<number>();
    const r = createResource({ fetch, staleTime: 30_000 });
    const a = r.fetch();
    const b = r.ensure();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(r.getState()).toMatchObject({ status: "pending", fetching: true });
    answer(0, 7);
    await expect(a).resolves.toBe(7);
    await expect(b).resolves.toBe(7);
    expect(r.getState()).toMatchObject({ data: 7, status: "success", fetching: false });
    await expect(r.fetch()).resolves.toBe(7);
    expect(fetch).toHaveBeenCalledTimes(1);
    // fresh: read again however young the answer is, still one request at a time
    const c = r.fetch({ fresh: true });
    const d = r.fetch({ fresh: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    answer(1, 8);
    await expect(c).resolves.toBe(8);
    await expect(d).resolves.toBe(8);
  });

  it("reads again once the answer is older than its staleTime", async () => {
    vi.useFakeTimers();
    let n = 0;
    const r = createResource({ fetch: async () => ++n, staleTime: 1_000 });
    await r.fetch();
    await r.fetch();
    expect(n).toBe(1);
    vi.advanceTimersByTime(1_000);
    await expect(r.fetch()).resolves.toBe(2);
  });

  it("retries with TanStack's back-off and tells a failure once, keeping the last answer", async () => {
    vi.useFakeTimers();
    const onError = vi.fn();
    let fail = false;
    const fetch = vi.fn(async () => {
      if (fail) throw new Error("down");
      return "cart";
    });
    const r = createResource({ fetch, staleTime: 0, retry: 3, onError });
    await r.fetch();
    fail = true;
    const failed = r.fetch({ fresh: true }).catch((e: Error) => e.message);
    for (const ms of [retryDelay(0), retryDelay(1), retryDelay(2)]) await vi.advanceTimersByTimeAsync(ms);
    await expect(failed).resolves.toBe("down");
    expect(fetch).toHaveBeenCalledTimes(1 + 4);
    expect([retryDelay(0), retryDelay(1), retryDelay(2), retryDelay(10)]).toEqual([1000, 2000, 4000, 30_000]);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(r.getState()).toMatchObject({ data: "cart", status: "error", fetching: false });
    // what it failed with, for a screen that says so in place (the location sheet's saved addresses)
    expect((r.getState().error as Error).message).toBe("down");
    fail = false;
    await r.fetch({ fresh: true });
    expect(r.getState()).toMatchObject({ data: "cart", status: "success", error: null });
  });

  it("does not let a cancelled read overwrite what is shown (an optimistic change)", async () => {
    const { fetch, answer } = controlledFetch<string>();
    const r = createResource({ fetch, staleTime: 30_000 });
    void r.fetch();
    r.cancel();
    r.set("optimistic");
    answer(0, "old");
    await Promise.resolve();
    await Promise.resolve();
    expect(r.getState()).toMatchObject({ data: "optimistic", status: "success", fetching: false });
  });

  it("invalidate and reset read again only while something shows the resource", async () => {
    let n = 0;
    const r = createResource({ fetch: async () => ++n, staleTime: 30_000 });
    await r.fetch();
    await r.invalidate();
    expect(n).toBe(1);
    // stale now: the next reader reads again
    await expect(r.fetch()).resolves.toBe(2);

    const stop = r.subscribe(() => undefined);
    await r.invalidate();
    expect(r.getState().data).toBe(3);
    const seen: (number | undefined)[] = [];
    const stopWatching = r.subscribe(() => seen.push(r.getState().data));
    await r.reset();
    expect(seen[0]).toBeUndefined(); // readers see "pending" first, as after TanStack's resetQueries
    expect(r.getState()).toMatchObject({ data: 4, status: "success" });
    stop();
    stopWatching();
  });

  it("seeds only an empty resource, without telling readers until notify", async () => {
    const r = createResource({ fetch: async () => "fetched", staleTime: 30_000 });
    const listener = vi.fn();
    r.subscribe(listener);
    expect(r.seed("server")).toBe(true);
    expect(listener).not.toHaveBeenCalled();
    expect(r.seed("again")).toBe(false);
    r.notify();
    expect(listener).toHaveBeenCalledTimes(1);
    // a seed is a fresh answer: no read at mount
    await expect(r.fetch()).resolves.toBe("server");
  });

  it("useResource reads on mount, updates every reader and refetches when the page becomes visible", async () => {
    let n = 0;
    const r = createResource({ fetch: async () => ++n, staleTime: 60_000, refetchOnVisible: true });
    const one = renderHook(() => useResource(r));
    const two = renderHook(() => useResource(r));
    await waitFor(() => expect(one.result.current.data).toBe(1));
    expect(two.result.current).toMatchObject({ data: 1, status: "success" });
    expect(n).toBe(1);
    await act(async () => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await waitFor(() => expect(two.result.current.data).toBe(2));
    act(() => r.set(10));
    expect(one.result.current.data).toBe(10);
  });
});
