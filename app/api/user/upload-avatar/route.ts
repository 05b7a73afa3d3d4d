import { setAvatar } from "@/lib/accounts";
import { requireUser } from "@/lib/auth/viewer";
import { handle, ok } from "@/lib/http/respond";
import { readImageUpload } from "@/lib/media/image-sniff";

export const runtime = "nodejs";

/** Multipart field `avatar`: JPEG/PNG/WebP/AVIF up to 5 MB, stored as a 256×256 WebP. */
export const PUT = handle(async (request) => {
  const viewer = await requireUser(request);
  const bytes = await readImageUpload(request, "avatar");
  const avatar = await setAvatar(viewer, bytes);
  return ok("Profile picture updated", { data: { avatar } });
});
