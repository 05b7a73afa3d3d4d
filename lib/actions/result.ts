import type { ErrorCode } from "@/lib/errors";

// The one result of every server action, as the shop's screens read it. Type-only plus a pure normaliser, so client
// components import it too. On the server an action answers `{ message, data }` or fails with an AppError; the action
// clients (lib/actions/clients.ts) turn the failure into an ActionFailure, and the browser (components/ui/use-action.ts)
// into this union, adding NETWORK when the call itself did not come back.

export type ActionFailureCode = ErrorCode | "NETWORK";

/** What a failed action tells its caller: the code decides the kind of toast, the message is the text to show. */
export type ActionFailure = {
  code: ActionFailureCode;
  message: string;
  fieldErrors?: Record<string, string[]>;
};

/** What a successful action answers: a message for the toast (may be empty) and its data. */
export type ActionDone<T> = { message: string; data: T };

export type ActionResult<T> = ({ ok: true } & ActionDone<T>) | ({ ok: false } & ActionFailure);

/** The first message for a field, if any. */
export const firstError = (errors: Record<string, string[]> | undefined, field: string) =>
  errors?.[field]?.[0];
