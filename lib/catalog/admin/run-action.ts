import "server-only";
import type { z } from "zod";
import { requireAdminAction } from "@/lib/auth/viewer";
import { actionError } from "@/lib/action-failure";
import { parseWith } from "@/lib/http/respond";
import { inActionContext } from "@/lib/log";
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
      const { message, data } = await run(parseWith(schema, input));
      return { success: true, message, data };
    } catch (caught) {
      const error = actionError(caught, "admin action");
      return { success: false, message: error.message, status: error.status, fieldErrors: error.fieldErrors };
    }
  });
}
