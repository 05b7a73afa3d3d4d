"use client";

import { useCallback, useLayoutEffect, useRef, useState } from "react";
import type { ActionDone, ActionFailure, ActionResult } from "@/lib/actions/result";
import { GENERIC_FAILURE_MESSAGE } from "@/lib/errors";
import { toast } from "./toast";

// How the shop's screens call the server: every form and button goes through `useServerAction` (or `callAction`
// inside a TanStack mutation). A failure becomes a toast chosen by its error code, a call that did not come back is
// NETWORK, and nothing is ever silent.

/** The spec's client message for a signed-out caller (spec §8). */
export const PLEASE_LOGIN_TEXT = "Please Login";
export const OFFLINE_TEXT = "Could not reach the shop. Check your connection and try again.";

type SafeResult<T> =
  { data?: ActionDone<T>; serverError?: ActionFailure; validationErrors?: unknown } | undefined;
export type ServerAction<I, T> = (input: I) => Promise<SafeResult<T>>;

/** Runs a server action and answers the one result shape; never throws. */
export async function callAction<I, T>(action: ServerAction<I, T>, input: I): Promise<ActionResult<T>> {
  let result: SafeResult<T>;
  try {
    result = await action(input);
  } catch {
    return { ok: false, code: "NETWORK", message: OFFLINE_TEXT };
  }
  if (result?.data) return { ok: true, ...result.data };
  if (result?.serverError) return { ok: false, ...result.serverError };
  return { ok: false, code: "INTERNAL", message: GENERIC_FAILURE_MESSAGE };
}

/** The text a failed action shows, by code: the one place in the browser where codes become words. */
export function failureText(failure: ActionFailure): string {
  switch (failure.code) {
    case "UNAUTHENTICATED":
      return PLEASE_LOGIN_TEXT;
    case "NETWORK":
      return OFFLINE_TEXT;
    default:
      return failure.message || GENERIC_FAILURE_MESSAGE;
  }
}

export type ActionCallbacks<T> = {
  onSuccess?: (data: T, message: string) => void;
  onFailure?: (failure: ActionFailure) => void;
  /** show the success message as a toast (default true; an empty message never shows) */
  toastSuccess?: boolean;
  /** show the failure as a toast (default true; forms that show field errors inline may still want the toast) */
  toastFailure?: boolean;
};

/** A server action for a component: `run(input)` with pending state, toasts and callbacks. */
export function useServerAction<I, T>(action: ServerAction<I, T>, callbacks: ActionCallbacks<T> = {}) {
  const [pending, setPending] = useState(false);
  const latest = useRef(callbacks);
  useLayoutEffect(() => {
    latest.current = callbacks;
  });

  const run = useCallback(
    async (input: I): Promise<ActionResult<T>> => {
      setPending(true);
      try {
        const result = await callAction(action, input);
        const { onSuccess, onFailure, toastSuccess = true, toastFailure = true } = latest.current;
        if (result.ok) {
          if (toastSuccess && result.message) toast.success(result.message);
          onSuccess?.(result.data, result.message);
        } else {
          if (toastFailure) toast.error(failureText(result));
          onFailure?.(result);
        }
        return result;
      } finally {
        setPending(false);
      }
    },
    [action],
  );
  return { run, pending };
}

/** Shows an action's outcome as a toast (its message, or the failure's text) and tells whether it succeeded. */
export function toastResult<T>(result: ActionResult<T>): result is Extract<ActionResult<T>, { ok: true }> {
  if (result.ok) {
    if (result.message) toast.success(result.message);
  } else toast.error(failureText(result));
  return result.ok;
}
