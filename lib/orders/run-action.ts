import "server-only";
import { requireAdminAction, requireUserAction, type Viewer } from "@/lib/auth/viewer";
import { isDatabaseUnavailable } from "@/lib/db";
import { GENERIC_FAILURE_MESSAGE, isAppError, UNAVAILABLE_MESSAGE } from "@/lib/errors";
import { inActionContext, log } from "@/lib/log";
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
    } catch (error) {
      if (isAppError(error)) return { ok: false, message: error.message, code: error.code };
      // the database is down or restarting: say so (the REST calls answer 503), it is not the shopper's fault
      if (isDatabaseUnavailable(error))
        return { ok: false, message: UNAVAILABLE_MESSAGE, code: "UNAVAILABLE" };
      log.error({ err: error }, "order action failed");
      return { ok: false, message: GENERIC_FAILURE_MESSAGE, code: "INTERNAL" };
    }
  });
}
