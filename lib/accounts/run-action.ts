import "server-only";
import { actionError } from "@/lib/action-failure";
import { inActionContext } from "@/lib/log";

/**
 * Runs an account server action in its request's log context. A failure becomes { ok: false } with the AppError's
 * message and per-field messages (lib/action-failure.ts maps anything else); actions never throw to the client.
 */
export type AccountActionFailure = { ok: false; message: string; fieldErrors?: Record<string, string[]> };

export function runAccountAction<R>(work: () => Promise<R>): Promise<R | AccountActionFailure> {
  return inActionContext(async () => {
    try {
      return await work();
    } catch (caught) {
      const error = actionError(caught, "account action");
      return error.fieldErrors
        ? { ok: false, message: error.message, fieldErrors: error.fieldErrors }
        : { ok: false, message: error.message };
    }
  });
}
