import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryRankings } from "@/lib/catalog/search-cache";

// The in-process store of search rankings (lib/catalog/search-cache.ts): bounded by the ids it keeps in all, least
// recently used out first; a store's stock change retires that store's rankings only, a catalogue change all of them.

const ranking = (n: number, prefix = "p") => ({ total: n + 5, ids: Array.from({ length: n }, (_, i) => `${prefix}${i}`) });

afterEach(() => {
  vi.useRealTimers();
});

describe("rankings kept in this process", () => {
  it("answers a slice with the total and how many ids are kept, and nothing for an unknown key", async () => {
    const store = memoryRankings();
    await store.keep("k", "main", ranking(20), 60_000);
    expect(await store.slice("k", 5, 3)).toEqual({ total: 25, kept: 20, ids: ["p5", "p6", "p7"] });
    expect(await store.slice("other", 0, 3)).toBeNull();
  });

  it("forgets a ranking once its time is up", async () => {
    vi.useFakeTimers();
    const store = memoryRankings();
    await store.keep("k", "main", ranking(3), 1_000);
    vi.advanceTimersByTime(999);
    expect(await store.slice("k", 0, 1)).not.toBeNull();
    vi.advanceTimersByTime(2);
    expect(await store.slice("k", 0, 1)).toBeNull();
  });

  it("drops the least recently used rankings beyond its budget of ids", async () => {
    const store = memoryRankings(25);
    await store.keep("a", "main", ranking(10, "a"), 60_000);
    await store.keep("b", "main", ranking(10, "b"), 60_000);
    await store.slice("a", 0, 1); // a is used again: b is now the oldest
    await store.keep("c", "main", ranking(10, "c"), 60_000);
    expect(await store.slice("b", 0, 1)).toBeNull();
    expect((await store.slice("a", 0, 1))?.ids).toEqual(["a0"]);
    expect((await store.slice("c", 0, 1))?.ids).toEqual(["c0"]);
  });

  it("raises one store's version for its stock, every version for the catalogue", async () => {
    const store = memoryRankings();
    const [main, other, prices] = await Promise.all([store.version("main"), store.version("koramangala"), store.version(null)]);
    await store.keep("main", "main", ranking(2), 60_000);
    await store.keep("koramangala", "koramangala", ranking(2), 60_000);
    await store.keep("prices", null, ranking(2), 60_000);

    store.bump("main");
    expect(await store.version("main")).not.toBe(main);
    expect(await store.version("koramangala")).toBe(other);
    expect(await store.version(null)).toBe(prices);
    expect(await store.slice("main", 0, 1)).toBeNull();
    expect(await store.slice("koramangala", 0, 1)).not.toBeNull();
    expect(await store.slice("prices", 0, 1)).not.toBeNull();

    store.bump(null);
    expect(await store.version("koramangala")).not.toBe(other);
    expect(await store.version(null)).not.toBe(prices);
    expect(await store.slice("koramangala", 0, 1)).toBeNull();
    expect(await store.slice("prices", 0, 1)).toBeNull();
  });
});
