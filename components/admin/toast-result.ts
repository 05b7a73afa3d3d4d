import { toast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/catalog/admin/action-result";
import { NETWORK_FAILED_TEXT } from "./texts";

/** Shows the server's message of an admin action as a toast (spec §8) and tells whether it succeeded. */
export function toastResult<T>(result: ActionResult<T>): result is Extract<ActionResult<T>, { success: true }> {
  if (result.success) toast.success(result.message);
  else toast.error(result.message);
  return result.success;
}

/** Runs an admin server action; a network failure or a crash becomes a failed result with a readable message. */
export async function runAction<T>(action: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await action();
  } catch {
    return { success: false, message: NETWORK_FAILED_TEXT, status: 0 };
  }
}
