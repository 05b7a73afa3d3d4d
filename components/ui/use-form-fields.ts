"use client";

import { useState } from "react";
import type { z } from "zod";
import { firstError } from "@/lib/actions/result";
import { GENERIC_FAILURE_MESSAGE } from "@/lib/errors";
import { issuesToFieldErrors } from "@/lib/http/parse";
import { toast } from "./toast";
import { callAction, failureText, type ServerAction } from "./use-action";

/**
 * The state a text form keeps (the account screens, the profile): its fields, the schema's or the server's errors
 * per field, a message for the form as a whole, and whether a submission is under way.
 * - `field(name)` is a FormField's name, value, onChange (which clears that field's error) and error;
 * - `fail(text, fieldErrors)` shows errors of known fields under them, anything else in the form's message box,
 *   and always a toast;
 * - `check(schema)` parses the values with the schema the server uses too, and fails with its first message;
 * - `send(action, input, onDone)` calls a server action with the form pending, and fails with its answer.
 */
export function useFormFields<Field extends string>(initial: Record<Field, string>) {
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _drop, ...rest }) => rest);
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: set(name),
    error: firstError(errors, name),
  });

  function fail(text: string, fieldErrors: Record<string, string[]> = {}) {
    const known = Object.keys(fieldErrors).filter((k) => k in initial);
    setErrors(fieldErrors);
    setMessage(known.length ? null : text);
    toast.error(text);
  }

  function check<S extends z.ZodType>(schema: S): z.infer<S> | null {
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    fail(
      parsed.error.issues[0]?.message ?? "Check the form",
      issuesToFieldErrors(parsed.error.issues, "form"),
    );
    return null;
  }

  /** Fails on `confirm` with `text` unless it repeats `first` (the confirm-password boxes). */
  function same(first: Field, confirm: Field, text: string): boolean {
    if (values[first] === values[confirm]) return true;
    fail(text, { [confirm]: [text] });
    return false;
  }

  /**
   * Sends through a server action; old errors go, and the form is pending until it answers and `onDone` has run
   * (or for good with `leaving`, when success leaves the page).
   */
  async function send<I, T>(
    action: ServerAction<I, T>,
    input: I,
    onDone: (done: { data: T; message: string }) => void | Promise<void>,
    { leaving = false } = {},
  ) {
    setPending(true);
    setErrors({});
    setMessage(null);
    let left = false;
    try {
      const result = await callAction(action, input);
      if (!result.ok) {
        fail(failureText(result), result.fieldErrors);
        return;
      }
      await onDone(result);
      left = leaving;
    } catch {
      fail(GENERIC_FAILURE_MESSAGE);
    } finally {
      if (!left) setPending(false);
    }
  }

  return { values, setValues, errors, message, pending, set, field, fail, check, same, send };
}
