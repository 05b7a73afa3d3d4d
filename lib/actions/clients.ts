import "server-only";
import { createSafeActionClient } from "next-safe-action";
import type { z } from "zod";
import { actionError } from "@/lib/action-failure";
import { requirePartnerAction } from "@/lib/auth/partner";
import { requireStoreWorkerAction } from "@/lib/auth/staff";
import { requireAdminAction, requireUserAction } from "@/lib/auth/viewer";
import { parseWith, type MessageStyle } from "@/lib/http/parse";
import { inActionContext } from "@/lib/log";
import type { ActionFailure } from "./result";

// The action clients (next-safe-action): one per kind of caller. Every server action of the shop is
//   export const doThingAction = userAction.inputSchema(input(thingSchema)).action(async ({ parsedInput, ctx }) => …)
// and answers `{ message, data }`. The clients run it in its request's log context, resolve the viewer from the
// session cookie (never from the client) and turn every failure into one ActionFailure (lib/action-failure.ts maps
// the error; the message is what the shopper reads). Actions never throw to the client: Next hides thrown messages
// in production.

const base = createSafeActionClient({
  handleServerError(error): ActionFailure {
    const failure = actionError(error, "server action");
    return failure.fieldErrors
      ? { code: failure.code, message: failure.message, fieldErrors: failure.fieldErrors }
      : { code: failure.code, message: failure.message };
  },
}).use(({ next }) => inActionContext(() => next()));

/** Anyone, signed in or not (ctx.viewer is not loaded). */
export const publicAction = base;

/** A signed-in shopper (or anyone signed in): ctx.viewer, whose session is still live. */
export const userAction = base.use(async ({ next }) => next({ ctx: { viewer: await requireUserAction() } }));

/** An ADMIN: ctx.viewer; guests get UNAUTHENTICATED, everyone else FORBIDDEN. */
export const adminAction = base.use(async ({ next }) =>
  next({ ctx: { viewer: await requireAdminAction() } }),
);

/** A delivery partner signed in to the partner app: ctx.partner (their rider row and store) and ctx.viewer. */
export const partnerAction = base.use(async ({ next }) => {
  const partner = await requirePartnerAction();
  return next({ ctx: { viewer: partner.viewer, partner } });
});

/**
 * A store's staff member or an admin, on the store's screens (/store, issue 16): ctx.worker (their store; null for an
 * admin, who works at every store) and ctx.viewer. Which store a call touches is checked by the domain.
 */
export const staffAction = base.use(async ({ next }) => {
  const worker = await requireStoreWorkerAction();
  return next({ ctx: { viewer: worker.viewer, worker } });
});

/**
 * A zod schema as the action's input schema, checked the way REST bodies are (lib/http/parse.ts): text first, then the
 * schema; a failure is the same VALIDATION AppError with the same message and fieldErrors as the REST call's 400.
 */
export function input<S extends z.ZodType>(schema: S, style: MessageStyle = "prefixed") {
  return {
    "~standard": {
      version: 1 as const,
      vendor: "kwikmart",
      validate: (value: unknown) => ({ value: parseWith(schema, value ?? {}, style) as z.output<S> }),
      types: undefined as unknown as { input: z.input<S>; output: z.output<S> },
    },
  };
}
