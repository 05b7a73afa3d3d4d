import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { CatalogEmojiMissingError, renderCatalogImage } from "./catalog-art";
import { catalogImageName, parseCatalogImageName, type CatalogImageSpec } from "./catalog-art-spec";

// The demo catalogue's pictures, drawn on first request and kept on disk (DATA_DIR/media-cache), so
// nothing is generated in bulk at seed time and nothing generated is committed.
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

const cacheDir = () => path.resolve(env().DATA_DIR, "media-cache");

// Concurrent first requests for one picture share one render.
const inFlight = new Map<string, Promise<Buffer | null>>();

/**
 * The WebP bytes for a file name such as `1f95b-pouch-e85d04-1.webp`, or null when the name is not a
 * catalogue image (malformed, unknown shape, emoji not shipped). The name is validated before any
 * path is built from it, so it cannot point outside the cache folder.
 */
export function getCatalogImage(file: string): Promise<Buffer | null> {
  // One URL per picture: the stored form `<name>.webp` only.
  const spec = file.endsWith(".webp") ? parseCatalogImageName(file) : null;
  if (!spec) return Promise.resolve(null);
  const name = catalogImageName(spec);
  let pending = inFlight.get(name);
  if (!pending) {
    pending = loadOrRender(name, spec).finally(() => inFlight.delete(name));
    inFlight.set(name, pending);
  }
  return pending;
}

async function loadOrRender(name: string, spec: CatalogImageSpec): Promise<Buffer | null> {
  const dir = cacheDir();
  const file = path.join(dir, `${name}.webp`);
  try {
    return await readFile(file);
  } catch {
    // not cached yet
  }
  let image: Buffer;
  try {
    image = await renderCatalogImage(spec);
  } catch (error) {
    if (error instanceof CatalogEmojiMissingError) return null;
    throw error;
  }
  // Write then rename: a reader never sees half a file, whichever process wins.
  const tmp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(tmp, image);
    await rename(tmp, file);
  } catch {
    // A read-only or full disk only costs a re-render next time.
    await rm(tmp, { force: true }).catch(() => undefined);
  }
  return image;
}
