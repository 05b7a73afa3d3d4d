import "server-only";
import { prisma } from "@/lib/db";
import type { Vocabulary } from "./search-terms";

// The words of published product names, for spelling correction. Triggers on "Product" keep them with their
// counts in "SearchWord" (migration search_words), so reading them is one small table scan (~3,400 words at
// 105,000 products, a few ms) instead of a ts_stat pass over every name (~1 s at that size). Each server process
// still keeps them for a minute and refreshes in the background while serving the previous list; catalogue
// writes mark them stale (invalidateCatalog).

const TTL_MS = 60_000;
/** Words as tokenize() makes them, so that a correction is always safe to quote in a tsquery. */
const PLAIN_WORD = /^[\p{L}\p{M}\p{N}]+$/u;

let words: Vocabulary | undefined;
let loadedAt = 0;
let generation = 0;
let inflight: Promise<Vocabulary> | undefined;

async function load(): Promise<Vocabulary> {
  const rows = await prisma.$queryRaw<{ word: string; ndoc: number }[]>`
    SELECT word, ndoc FROM "SearchWord" WHERE ndoc > 0`;
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
