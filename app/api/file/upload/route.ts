import { requireAdmin } from "@/lib/auth/viewer";
import { handle, ok } from "@/lib/http/respond";
import { readImageUpload } from "@/lib/media/image-sniff";
import { storeCatalogImage } from "@/lib/media/uploads";

// Catalogue image upload (admin): multipart field `image`; answers data.url, the URL the forms then submit.
export const runtime = "nodejs";

export const POST = handle(async (request) => {
  await requireAdmin(request);
  const bytes = await readImageUpload(request, "image");
  const url = await storeCatalogImage(bytes);
  return ok("Image uploaded", { data: { url } }, 201);
});
