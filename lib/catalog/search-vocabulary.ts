import "server-only";
import { prisma } from "@/lib/db";
import type { Vocabulary } from "./search-terms";

// The words of published product names, for spelling correction. Reading them costs one ts_stat pass over the
// names (~40 ms for 5,000 products), so each server process keeps them for a minute and refreshes in the
// background while serving the previous list; catalogue writes mark them stale (invalidateCatalog).
// Past ~100k products a words table kept by a trigger would replace the scan.

const TTL_MS = 60_000;
/** Words as tokenize() makes them, so that a correction is always safe to quote in a tsquery. */
const PLAIN_WORD = /^[\p{L}\p{M}\p{N}]+$/u;

let words: Vocabulary | undefined;
let loadedAt = 0;
let generation = 0;
let inflight: Promise<Vocabulary> | undefined;

async function load(): Promise<Vocabulary> {
  const rows = await prisma.$queryRaw<{ word: string; ndoc: number }[]>`
    SELECT word, ndoc FROM ts_stat('SELECT to_tsvector(''simple'', name) FROM "Product" WHERE published')`;
  return rows
    .filter((r) => PLAIN_WORD.test(r.word)) // the parser also yields hosts, numbers with dots, paths…
    .map((r) => ({ word: r.word, ndoc: Number(r.ndoc) }))
    .sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
}

function refresh(): Promise<Vocabulary> {
  if (inflight) return inflight;
  const started = generation;
  inflight = load()
    .then((fresh) => {
      words = fresh;
      // invalidated while loading: the list may predate the write, so the next call reads again
      loadedAt = generation === started ? Date.now() : 0;
      return fresh;
    })
    .finally(() => {
      inflight = undefined;
    });
  return inflight;
}

/** The vocabulary: waits when there is none or it was invalidated, else serves it and refreshes when stale. */
export async function getSearchVocabulary(): Promise<Vocabulary> {
  if (!words || loadedAt === 0) {
    return refresh().catch((error: unknown) => {
      if (words) return words;
      throw error;
    });
  }
  if (Date.now() - loadedAt > TTL_MS) refresh().catch(() => undefined);
  return words;
}

/** Makes the next search read the names again (after catalogue writes; in tests after adding fixtures). */
export function invalidateSearchVocabulary(): void {
  generation++;
  loadedAt = 0;
}
