import "server-only";
import type { z } from "zod";
import { requireAdminAction } from "@/lib/auth/viewer";
import { GENERIC_FAILURE_MESSAGE, isAppError } from "@/lib/errors";
import { assertStorableText } from "@/lib/http/json-guard";
import { inActionContext, log } from "@/lib/log";
import { validationError } from "@/lib/http/respond";
import type { ActionResult } from "./action-result";

/**
 * The frame of every admin server action: check the ADMIN role, parse the input with the form's own schema, run
 * the domain function, and turn any failure into { success: false, message } for the form's toast.
 */
export async function runAdminAction<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  run: (values: z.output<S>) => Promise<{ message: string; data: T }>,
): Promise<ActionResult<T>> {
  return inActionContext(async () => {
    try {
      await requireAdminAction();
      assertStorableText(input);
      const parsed = schema.safeParse(input);
      if (!parsed.success) throw validationError(parsed.error);
      const { message, data } = await run(parsed.data);
      return { success: true, message, data };
    } catch (error) {
      if (isAppError(error)) {
        return {
          success: false,
          message: error.message,
          status: error.status,
          fieldErrors: error.fieldErrors,
        };
      }
      log.error({ err: error }, "admin action failed");
      return { success: false, message: GENERIC_FAILURE_MESSAGE, status: 500 };
    }
  });
}
