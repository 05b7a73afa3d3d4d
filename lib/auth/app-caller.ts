import "server-only";
import { redirect } from "next/navigation";
import { isAppError } from "@/lib/errors";
import { getSessionViewer, type Viewer } from "./viewer";

/**
 * The signed-in caller of an app's page (the partner app, issue 17; the store's screen, issue 16): a guest is sent to
 * log in and back to `home`; someone signed in whom `require` refuses gets `caller: null`, and the page tells them the
 * app is not for their account.
 */
export async function appCaller<T>(
  home: string,
  require: () => Promise<T>,
): Promise<{ viewer: Viewer; caller: T | null }> {
  const viewer = await getSessionViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(home)}`);
  try {
    return { viewer, caller: await require() };
  } catch (error) {
    if (isAppError(error) && (error.code === "FORBIDDEN" || error.code === "UNAUTHENTICATED"))
      return { viewer, caller: null };
    throw error;
  }
}
