import "server-only";
import { requireAdminAction, requireUserAction, type Viewer } from "@/lib/auth/viewer";
import { actionError } from "@/lib/action-failure";
import { inActionContext } from "@/lib/log";
import type { OrderActionResult } from "./types";

/** Runs an order server action for the signed-in viewer (or an admin) and maps failures to a toast message. */
export async function runOrderAction<T>(
  work: (viewer: Viewer) => Promise<{ message: string; data: T }>,
  options: { admin?: boolean } = {},
): Promise<OrderActionResult<T>> {
  return inActionContext(async () => {
    try {
      const viewer = options.admin ? await requireAdminAction() : await requireUserAction();
      const { message, data } = await work(viewer);
      return { ok: true, message, data };
    } catch (caught) {
      const error = actionError(caught, "order action");
      return { ok: false, message: error.message, code: error.code };
    }
  });
}
