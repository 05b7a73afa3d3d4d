import "server-only";
import path from "node:path";
import { env } from "@/lib/env";
import { CatalogEmojiMissingError, renderCatalogImage } from "./catalog-art";
import { catalogImageName, parseCatalogImageName, type CatalogImageSpec } from "./catalog-art-spec";
import { isReferencedCatalogImage } from "./catalog-references";
import { createDiskLru, type DiskLru } from "./disk-lru";

// The demo catalogue's pictures, drawn on first request and kept on disk (DATA_DIR/media-cache), so
// nothing is generated in bulk at seed time and nothing generated is committed. Only names the catalogue uses are
// drawn (catalog-references.ts), and the folder is bounded: MEDIA_CACHE_MAX_MB (default 512), least recently used
// pictures evicted first (disk-lru.ts). Both keep an anonymous caller from spending the shop's CPU and disk.
export { renderCatalogImage, CatalogEmojiMissingError, CATALOG_IMAGE_SIZE } from "./catalog-art";
export {
  CATALOG_IMAGE_PREFIX,
  CATALOG_SHAPES,
  catalogImageName,
  catalogImagePath,
  parseCatalogImageName,
  type CatalogImageSpec,
  type CatalogShape,
} from "./catalog-art-spec";

let cache: DiskLru | undefined;
const diskCache = () =>
  (cache ??= createDiskLru({
    dir: path.resolve(env().DATA_DIR, "media-cache"),
    maxBytes: Math.round(env().MEDIA_CACHE_MAX_MB * 1024 * 1024),
  }));

// Concurrent first requests for one picture share one render.
const inFlight = new Map<string, Promise<Buffer | null>>();

/**
 * The WebP bytes for a file name such as `1f95b-pouch-e85d04-1.webp`, or null when the name is not a
 * catalogue image (malformed, unknown shape, emoji not shipped) or one no category, sub-category, product or past
 * order uses. The name is validated before any path is built from it, so it cannot point outside the cache folder.
 */
export async function getCatalogImage(file: string): Promise<Buffer | null> {
  // One URL per picture: the stored form `<name>.webp` only.
  const spec = file.endsWith(".webp") ? parseCatalogImageName(file) : null;
  if (!spec) return null;
  const name = catalogImageName(spec);
  if (!(await isReferencedCatalogImage(`${name}.webp`))) return null;
  let pending = inFlight.get(name);
  if (!pending) {
    pending = loadOrRender(name, spec).finally(() => inFlight.delete(name));
    inFlight.set(name, pending);
  }
  return pending;
}

async function loadOrRender(name: string, spec: CatalogImageSpec): Promise<Buffer | null> {
  const cached = await diskCache().read(`${name}.webp`);
  if (cached) return cached;
  let image: Buffer;
  try {
    image = await renderCatalogImage(spec);
  } catch (error) {
    if (error instanceof CatalogEmojiMissingError) return null;
    throw error;
  }
  await diskCache().write(`${name}.webp`, image);
  return image;
}
