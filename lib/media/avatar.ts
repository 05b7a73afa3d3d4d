import "server-only";
import { randomBytes } from "node:crypto";
import { lstat, mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { openImage } from "./image-sniff";

// Avatars: every upload is re-encoded (which also drops metadata such as GPS) to a 256×256 WebP with a
// server-chosen name under DATA_DIR/uploads/avatars, served by app/media/uploads/[...path].

export const AVATAR_SIZE = 256;
export const UPLOADS_URL_PREFIX = "/media/uploads/";
const AVATAR_DIR = "avatars";

export const uploadsRoot = () => path.resolve(env().DATA_DIR, "uploads");

/** Re-encodes an image already checked by `assertImage` and stores it; returns its URL. */
export async function storeAvatar(bytes: Buffer): Promise<string> {
  let webp: Buffer;
  try {
    webp = await openImage(bytes)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError("VALIDATION", "This image could not be read; try another file");
  }
  const dir = path.join(uploadsRoot(), AVATAR_DIR);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString("hex")}.webp`;
  const temp = path.join(dir, `.${name}.tmp`);
  await writeFile(temp, webp);
  await rename(temp, path.join(dir, name));
  return `${UPLOADS_URL_PREFIX}${AVATAR_DIR}/${name}`;
}

/** Deletes a stored avatar by its URL (best effort); URLs that are not ours are ignored. */
export async function deleteStoredAvatar(url: string | null | undefined): Promise<void> {
  const match = /^\/media\/uploads\/avatars\/([a-f0-9]{32}\.webp)$/.exec(url ?? "");
  if (!match) return;
  await unlink(path.join(uploadsRoot(), AVATAR_DIR, match[1]!)).catch(() => {});
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  avif: "image/avif",
};
const DIR_SEGMENT = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const FILE_SEGMENT = /^[a-z0-9][a-z0-9_-]{0,127}\.(webp|png|jpe?g|avif)$/;

/**
 * A stored upload (any folder under DATA_DIR/uploads, e.g. `avatars/<hex>.webp`) by its URL path segments, or
 * null. Only plain lower-case names with an image extension pass, so no segment can climb out of the folder.
 */
export async function readStoredUpload(
  segments: string[],
): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (segments.length < 2 || segments.length > 4) return null;
  const file = segments[segments.length - 1]!;
  const dirs = segments.slice(0, -1);
  const ext = FILE_SEGMENT.exec(file)?.[1];
  if (!ext || !dirs.every((d) => DIR_SEGMENT.test(d))) return null;
  const root = uploadsRoot();
  const full = path.resolve(root, ...dirs, file);
  if (!full.startsWith(root + path.sep)) return null;
  try {
    const info = await lstat(full);
    if (!info.isFile()) return null;
    return { bytes: await readFile(full), contentType: CONTENT_TYPES[ext]! };
  } catch {
    return null;
  }
}
