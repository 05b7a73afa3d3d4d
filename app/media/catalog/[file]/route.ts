import { log } from "@/lib/log";
import { getCatalogImage } from "@/lib/media/catalog-image";

// Demo catalogue pictures, drawn with sharp on first request (see lib/media/catalog-image.ts). Only names the
// catalogue uses are drawn; any other name is a 404 that neither draws nor writes anything.
export const runtime = "nodejs";

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  let image: Buffer | null;
  try {
    image = await getCatalogImage(file);
  } catch (error) {
    // e.g. the names in use could not be read (database down): nothing was drawn or cached, try again later
    log.error({ err: error }, "catalogue image failed");
    return text(503, "Service unavailable");
  }
  if (!image) return text(404, "Not found");
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(image.length),
      // The name encodes the whole picture: a different picture gets a different name.
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
