import "server-only";
import { prisma } from "@/lib/db";
import { log } from "@/lib/log";
import { CATALOG_IMAGE_PREFIX } from "./catalog-art-spec";

// Which /media/catalog/ names the catalogue uses: only these are drawn (issue 20 #10), so a made-up but well-formed
// name costs neither sharp's CPU nor disk. The names are held in memory as a set (the demo catalogue has ~10,000,
// well under a megabyte), so a request for a known picture needs no query. The image columns carry no index
// (Product.images is an array), so rather than a query per request the set is reloaded:
// - in the background every RELOAD_MS, which picks up catalogue edits;
// - when an unknown name is asked for and the set is older than MISS_RELOAD_MS, so a picture an admin has just given
//   a product shows within seconds, while a flood of made-up names costs at most one query per MISS_RELOAD_MS.
// Sources: categories, sub-categories, products (published or not) and order lines (a past order keeps the picture
// it was placed with, even after the product's pictures changed).

const RELOAD_MS = 5 * 60_000;
const MISS_RELOAD_MS = 10_000;
const PATTERN = `%${CATALOG_IMAGE_PREFIX}%`;

let names: Set<string> | undefined;
let loadedAt = 0;
let loading: Promise<Set<string>> | undefined;

/** `<name>.webp` from a stored image URL (a path, or an absolute URL on this shop), or null. */
function fileOf(url: string): string | null {
  const at = url.lastIndexOf(CATALOG_IMAGE_PREFIX);
  if (at < 0) return null;
  const file = url.slice(at + CATALOG_IMAGE_PREFIX.length).split(/[?#]/, 1)[0]!;
  return file && !file.includes("/") ? file : null;
}

async function load(): Promise<Set<string>> {
  const rows = await prisma.$queryRaw<{ url: string }[]>`
    SELECT image AS url FROM "Category" WHERE image LIKE ${PATTERN}
    UNION SELECT image FROM "SubCategory" WHERE image LIKE ${PATTERN}
    UNION SELECT u FROM "Product", unnest(images) AS u WHERE u LIKE ${PATTERN}
    UNION SELECT image FROM "OrderLine" WHERE image LIKE ${PATTERN}`;
  const next = new Set<string>();
  for (const { url } of rows) {
    const file = fileOf(url);
    if (file) next.add(file);
  }
  return next;
}

/** One reload at a time; a failed reload keeps the previous set (the caller sees the error only when there is none). */
function reload(): Promise<Set<string>> {
  loading ??= load()
    .then((next) => {
      names = next;
      loadedAt = Date.now();
      return next;
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/** True when the catalogue (or a past order) uses `/media/catalog/<file>`; `file` is the stored form, `<name>.webp`. */
export async function isReferencedCatalogImage(file: string): Promise<boolean> {
  if (!names) return (await reload()).has(file);
  const age = Date.now() - loadedAt;
  if (age > RELOAD_MS) {
    void reload().catch((error: unknown) => log.warn({ err: error }, "catalogue image names: reload failed"));
  }
  if (names.has(file)) return true;
  if (age < MISS_RELOAD_MS) return false;
  try {
    return (await reload()).has(file);
  } catch (error) {
    log.warn({ err: error }, "catalogue image names: reload failed");
    return false;
  }
}

/** Forgets the loaded names, so the next request reloads them (tests; a tool that rewrote the catalogue). */
export function forgetCatalogReferences(): void {
  names = undefined;
  loadedAt = 0;
}
