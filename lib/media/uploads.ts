import "server-only";
import { log } from "@/lib/log";
import { randomBytes } from "node:crypto";
import { mkdir, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { UTApi, UTFile } from "uploadthing/server";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { uploadsRoot, UPLOADS_URL_PREFIX } from "./avatar";
import { assertImage, openImage } from "./image-sniff";

// Catalogue images (categories, sub-categories, products). Every upload is checked by its bytes (JPEG, PNG, WebP or
// AVIF; at most 5 MB and 25 megapixels; never SVG), re-encoded with sharp (which drops metadata and anything hidden
// after the image data) to a WebP of at most 1200 px, and named by the server. Where it is kept:
// - UPLOADTHING_TOKEN set: UploadThing (UTApi.uploadFiles / deleteFiles). UPLOADTHING_API_URL and
//   UPLOADTHING_INGEST_URL point the SDK elsewhere (the tests' local fake);
// - otherwise: DATA_DIR/uploads/catalog/<random>.webp, served by app/media/uploads/[...path].

export const CATALOG_IMAGE_MAX_PX = 1200;
const CATALOG_DIR = "catalog";
const DISK_URL = /^\/media\/uploads\/catalog\/([a-f0-9]{32}\.webp)$/;
const UPLOADTHING_URL = /^https:\/\/(?:[a-z0-9]{1,64}\.ufs\.sh|utfs\.io)\/f\/([A-Za-z0-9_.-]{1,256})$/;

const UNREADABLE = "This image could not be read; try another file";

let utapi: UTApi | undefined;
function uploadThing(): UTApi | null {
  const token = env().UPLOADTHING_TOKEN;
  if (!token) return null;
  // the SDK reads UPLOADTHING_API_URL / UPLOADTHING_INGEST_URL from the environment itself
  utapi ??= new UTApi({ token, logLevel: "Error" });
  return utapi;
}

/** Where new uploads go: "uploadthing" when UPLOADTHING_TOKEN is set, else "disk". */
export const imageStorage = (): "uploadthing" | "disk" => (uploadThing() ? "uploadthing" : "disk");

async function reencode(bytes: Buffer): Promise<Buffer> {
  try {
    return await openImage(bytes)
      .rotate()
      .resize(CATALOG_IMAGE_MAX_PX, CATALOG_IMAGE_MAX_PX, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError("VALIDATION", UNREADABLE);
  }
}

/** Re-encodes an image (already checked, or checked here) and stores it; returns its public URL. */
export async function storeCatalogImage(bytes: Buffer): Promise<string> {
  await assertImage(bytes);
  const webp = await reencode(bytes);
  const name = `${randomBytes(16).toString("hex")}.webp`;
  const ut = uploadThing();
  if (ut) {
    let result: { data: { ufsUrl: string } | null; error: unknown } | undefined;
    try {
      result = await ut.uploadFiles(new UTFile([new Uint8Array(webp)], name, { type: "image/webp" }));
    } catch (error) {
      log.error({ err: error }, "image upload to UploadThing failed");
    }
    const url = result?.data?.ufsUrl;
    if (!url) {
      if (result?.error) log.error({ err: result.error }, "image upload to UploadThing failed");
      throw new AppError("UNAVAILABLE", "The image could not be stored just now; please try again");
    }
    return url;
  }
  const dir = path.join(uploadsRoot(), CATALOG_DIR);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${name}.tmp`);
  await writeFile(temp, webp);
  await rename(temp, path.join(dir, name));
  return `${UPLOADS_URL_PREFIX}${CATALOG_DIR}/${name}`;
}

/** True for URLs this module produced (a catalogue file on disk or an UploadThing file). */
export const isStoredCatalogImage = (url: string) => DISK_URL.test(url) || UPLOADTHING_URL.test(url);

/**
 * Deletes a stored catalogue image by its URL, best effort: URLs that are not ours (the demo catalogue's
 * /media/catalog art, avatars, anything else) are left alone, and a failure is logged, never thrown.
 */
export async function deleteCatalogImage(url: string): Promise<void> {
  const disk = DISK_URL.exec(url);
  if (disk) {
    await unlink(path.join(uploadsRoot(), CATALOG_DIR, disk[1]!)).catch(() => {});
    return;
  }
  const remote = UPLOADTHING_URL.exec(url);
  const ut = remote && uploadThing();
  if (!remote || !ut) return;
  try {
    await ut.deleteFiles(remote[1]!);
  } catch (error) {
    log.error({ err: error }, "deleting an image from UploadThing failed");
  }
}
