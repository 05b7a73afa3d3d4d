import { GENERIC_FAILURE_MESSAGE } from "@/lib/errors";

/**
 * What every account server action answers: a message for the toast, and per-field messages for the inline
 * errors. Actions never throw to the client: lib/accounts/run-action.ts turns a failure into this shape.
 */
export type ActionResult<T = undefined> =
  | { ok: true; message: string; data?: T }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

export const GENERIC_FAILURE = GENERIC_FAILURE_MESSAGE;

type Issue = { path: readonly PropertyKey[]; message: string };

/** Per-field messages (first one per field) from zod issues, for client-side checks before submitting. */
export function issuesToFieldErrors(issues: readonly Issue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "form";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** The first message for a field, if any. */
export const firstError = (errors: Record<string, string[]> | undefined, field: string) =>
  errors?.[field]?.[0];
