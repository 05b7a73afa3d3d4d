import "server-only";
import { isDatabaseUnavailable } from "@/lib/db";
import { AppError, GENERIC_FAILURE_MESSAGE, isAppError, UNAVAILABLE_MESSAGE } from "@/lib/errors";
import { log } from "@/lib/log";

/**
 * Any failure of a server action as the AppError its caller answers with: the AppError itself; "briefly unavailable"
 * (UNAVAILABLE, as the REST calls answer 503) while the database cannot be reached; otherwise INTERNAL with the
 * generic message, the details going to the log only. Every action runner (cart, addresses, orders, admin, accounts)
 * maps its failures through here, so they all say the same thing about the same failure.
 */
export function actionError(error: unknown, action: string): AppError {
  if (isAppError(error)) return error;
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, `${action}: database unavailable`);
    return new AppError("UNAVAILABLE", UNAVAILABLE_MESSAGE);
  }
  log.error({ err: error }, `${action} failed`);
  return new AppError("INTERNAL", GENERIC_FAILURE_MESSAGE);
}
