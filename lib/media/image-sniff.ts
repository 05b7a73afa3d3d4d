import "server-only";
import sharp from "sharp";
import { AppError } from "@/lib/errors";
import { BodyTooLarge, declaredOver, readCapped } from "@/lib/http/read-capped";

// Image intake shared by every upload (avatars here; categories and products reuse it): the real type comes from
// the file's first bytes, never from its name or the declared content type, and sharp decodes only what fits.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 25_000_000;
export const IMAGE_TYPES_MESSAGE = "Only JPEG, PNG, WebP or AVIF images are accepted";

export type ImageKind = "jpeg" | "png" | "webp" | "avif";

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString("latin1");

/** The image type by magic bytes, or null when the bytes are not a JPEG, PNG, WebP or AVIF file. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    // ISO-BMFF: the major brand, then compatible brands up to the end of the ftyp box.
    const boxSize = Math.min(Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((b) => b === "avif" || b === "avis")) return "avif";
  }
  return null;
}

/** A sharp pipeline over an untrusted image, refusing decompression bombs (> 25 megapixels). */
export function openImage(bytes: Buffer) {
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" });
}

const tooManyPixels = () => new AppError("TOO_LARGE", "Image must be at most 25 megapixels");

const SHARP_FORMAT: Record<ImageKind, string[]> = {
  jpeg: ["jpeg"],
  png: ["png"],
  webp: ["webp"],
  avif: ["heif", "avif"],
};

/**
 * Checks an uploaded image: at most 5 MB, JPEG/PNG/WebP/AVIF by magic bytes, decodable header agreeing with the
 * magic bytes, at most 25 megapixels. Throws AppError VALIDATION (400) or TOO_LARGE (413).
 */
export async function assertImage(
  bytes: Buffer,
): Promise<{ kind: ImageKind; width: number; height: number }> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError("TOO_LARGE", "Image must be at most 5 MB");
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError("VALIDATION", IMAGE_TYPES_MESSAGE);
  let meta: sharp.Metadata;
  try {
    meta = await openImage(bytes).metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error)?.message ?? "")) throw tooManyPixels();
    throw new AppError("VALIDATION", "This image could not be read; try another file");
  }
  if (!meta.format || !SHARP_FORMAT[kind].includes(meta.format) || !meta.width || !meta.height) {
    throw new AppError("VALIDATION", "This image could not be read; try another file");
  }
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw tooManyPixels();
  return { kind, width: meta.width, height: meta.height };
}

const MULTIPART_OVERHEAD = 64 * 1024;

export const FILE_NAME_MESSAGE = "This file name is not allowed; rename the file and try again";

/** A client's file name is only a label, never used for storage; still, names that try to climb paths are refused. */
function assertFileName(name: string, field: string) {
  if (name.length > 255 || /(^|[\\/])\.\.([\\/]|$)|[\\/]|[\u0000-\u001f\u007f]/.test(name)) {
    throw new AppError("VALIDATION", FILE_NAME_MESSAGE, { fieldErrors: { [field]: [FILE_NAME_MESSAGE] } });
  }
}

/** The raw multipart body, never more than `cap` bytes buffered (413 as soon as more arrives). */
async function readUploadBody(request: Request, cap: number): Promise<Uint8Array> {
  try {
    return await readCapped(request.body, cap);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new AppError("TOO_LARGE", "Image must be at most 5 MB");
    throw new AppError("VALIDATION", "The upload could not be read; send multipart/form-data");
  }
}

/**
 * Reads one image file from a multipart/form-data request field (avatars, catalogue images) without ever buffering
 * more than ~5 MB, refuses path-like file names, and checks the bytes with `assertImage`. Returns the raw bytes for
 * the caller to re-encode.
 */
export async function readImageUpload(request: Request, field: string): Promise<Buffer> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new AppError("VALIDATION", `Send the image as multipart/form-data in the field "${field}"`);
  }
  if (declaredOver(request.headers, MAX_IMAGE_BYTES + MULTIPART_OVERHEAD))
    throw new AppError("TOO_LARGE", "Image must be at most 5 MB");
  const body = await readUploadBody(request, MAX_IMAGE_BYTES + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("VALIDATION", "The upload could not be read; send multipart/form-data");
  }
  const file = form.get(field);
  if (!file || typeof file === "string")
    throw new AppError("VALIDATION", `Choose an image file (field "${field}")`);
  assertFileName(file.name ?? "", field);
  if (file.size > MAX_IMAGE_BYTES) throw new AppError("TOO_LARGE", "Image must be at most 5 MB");
  const bytes = Buffer.from(await file.arrayBuffer());
  await assertImage(bytes);
  return bytes;
}
