// The page cache's memory: rendered pages by key (./routes.ts), each kept PAGE_CACHE_SECONDS at most, least recently
// used dropped first beyond PAGE_CACHE_MB. One per process on globalThis: the proxy (which serves from it) and the
// app's bundles (whose catalogue and store changes clear it) are separate module graphs in one Node process.
//
// Freshness: a change of the catalogue or of a store's stock clears the pages it can show on (lib/catalog/cache.ts
// applyCacheChange, here and on every other instance through lib/cache-bus); a change of the stores clears everything
// here (lib/stores/table.ts) and reaches other instances with their store table (TABLE_TTL_MS, 15 s). The time limit
// is the store load's own (lib/stores/load.ts, 3 s): the header promises "Delivery in N minutes" from live load, so a
// cached page must not hold an older promise than a rendered one would.

export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** 'sha256-…' of every inline script of the body */
  scriptHashes: string[];
  /** the store whose stock the page shows (null: unknown, cleared with every store) */
  storeId: string | null;
  expiresAt: number;
};

type Slot = {
  pages: Map<string, CachedPage>;
  bytes: number;
  /** raised by every clear: a render that began before it is not kept (it may show what was just changed) */
  generation: number;
  inflight: Map<string, Promise<Rendered | null>>;
};

/** A render: the page, and whether it may be kept (a 200 HTML page that sets no cookie). */
export type Rendered = { page: CachedPage; keep: boolean };

const SLOT = Symbol.for("kwikmart.pageCache");
const slot = ((globalThis as Record<symbol, Slot | undefined>)[SLOT] ??= {
  pages: new Map(),
  bytes: 0,
  generation: 0,
  inflight: new Map(),
});

const seconds = () => Number(process.env.PAGE_CACHE_SECONDS ?? 3);
const maxBytes = () => Number(process.env.PAGE_CACHE_MB ?? 64) * 1024 * 1024;
const sizeOf = (p: CachedPage) => p.body.length;

export const pageTtlMs = () => seconds() * 1000;

/** The page under `key` while it is fresh (and now the most recently used). */
export function cachedPage(key: string, now = Date.now()): CachedPage | null {
  const page = slot.pages.get(key);
  if (!page) return null;
  remove(key, page);
  if (page.expiresAt <= now) return null;
  slot.pages.set(key, page);
  slot.bytes += sizeOf(page);
  return page;
}

/**
 * The page under `key`, rendered by `render` when it is not cached: one render per key at a time, however many
 * requests ask (`first` tells the caller whether its own call started it). A clear while it runs keeps its page out
 * of the cache.
 */
export function fillPage(
  key: string,
  render: () => Promise<Rendered | null>,
): { rendered: Promise<Rendered | null>; first: boolean } {
  const running = slot.inflight.get(key);
  if (running) return { rendered: running, first: false };
  const generation = slot.generation;
  const rendered = render()
    .then((result) => {
      if (result?.keep && generation === slot.generation) keep(key, result.page);
      return result;
    })
    .finally(() => slot.inflight.delete(key));
  slot.inflight.set(key, rendered);
  return { rendered, first: true };
}

function keep(key: string, page: CachedPage) {
  const old = slot.pages.get(key);
  if (old) remove(key, old);
  const size = sizeOf(page);
  if (size > maxBytes()) return;
  slot.pages.set(key, page);
  slot.bytes += size;
  // the Map iterates in insertion order, and every read re-inserts: the first entries are the least recently used
  for (const [k, p] of slot.pages) {
    if (slot.bytes <= maxBytes()) break;
    remove(k, p);
  }
}

function remove(key: string, page: CachedPage) {
  if (slot.pages.delete(key)) slot.bytes -= sizeOf(page);
}

/** Drops the pages of one store (its stock changed), or every page (`undefined`: the catalogue or the stores changed). */
export function clearPages(storeId?: string): void {
  slot.generation++;
  for (const [key, page] of slot.pages) {
    if (storeId === undefined || page.storeId === null || page.storeId === storeId) remove(key, page);
  }
}

/** How many pages and bytes are kept (tests, the bench). */
export function pageCacheSize(): { pages: number; bytes: number } {
  return { pages: slot.pages.size, bytes: slot.bytes };
}
