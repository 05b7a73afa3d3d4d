import "server-only";
import { GENERIC_FAILURE_MESSAGE, isAppError } from "@/lib/errors";
import { log } from "@/lib/log";

/**
 * What an account server action answers when it fails: the AppError's own message and per-field messages, or, for
 * anything unexpected, a generic message while the details go to the log.
 */
export function actionFailure(error: unknown): {
  ok: false;
  message: string;
  fieldErrors?: Record<string, string[]>;
} {
  if (isAppError(error)) {
    return error.fieldErrors
      ? { ok: false, message: error.message, fieldErrors: error.fieldErrors }
      : { ok: false, message: error.message };
  }
  log.error({ err: error }, "account action failed");
  return { ok: false, message: GENERIC_FAILURE_MESSAGE };
}
