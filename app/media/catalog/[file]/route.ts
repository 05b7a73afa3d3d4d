import { getCatalogImage } from "@/lib/media/catalog-image";

// Demo catalogue pictures, drawn with sharp on first request (see lib/media/catalog-image.ts).
export const runtime = "nodejs";

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const image = await getCatalogImage(file);
  if (!image) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
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
