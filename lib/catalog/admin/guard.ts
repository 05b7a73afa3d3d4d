import "server-only";
import { getSessionViewer } from "@/lib/auth/viewer";

/** For admin pages: whether the viewer of this render is an ADMIN (each page checks for itself, not only the layout). */
export async function viewerIsAdmin(): Promise<boolean> {
  const viewer = await getSessionViewer();
  return viewer?.role === "ADMIN";
}
