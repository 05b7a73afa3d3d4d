"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { useState } from "react";
import type { ActionDone, ActionFailure } from "@/lib/actions/result";
import { toast } from "./toast";
import { failureText, useServerAction, type ServerAction } from "./use-action";

// How every form of the shop keeps its state: react-hook-form with the zod schema the server parses with too
// (lib/<domain>/schema(s).ts), so the form shows the same messages the server would answer, under the same fields.
// - `useZodForm(schema, defaults)`: the form; it validates on submit, then again as the shopper corrects a field;
// - `bindField(form)(name)`: a FormField's props (register's name, ref and handlers, and the field's message);
// - `submitWith(form, onValid)`: the <Form>'s onSubmit; an invalid form toasts its first message (as the server
//   would answer it) and focuses the first wrong field;
// - `showFailure(form, failure)`: a refused server call (an AppError with fieldErrors) onto the same fields, or
//   onto the form's message box (`formMessage(form)`) when it names none of them;
// - `useActionForm(schema, defaults, action, …)`: all of that for a form that sends its values to one server action
//   (through useServerAction: pending state and the failure's toast).

type Schema = z.ZodType<unknown, FieldValues>;
export type ZodForm<S extends Schema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/** The form for `schema`, starting from `defaultValues` (every field the form shows). */
export function useZodForm<S extends Schema>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): ZodForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // zodResolver's overloads are written per zod major; the schema is a zod 4 type with these input/output types
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
}

/** The message of one field (a dotted path for nested ones), if it has one. */
export function messageOf(errors: FieldErrors, name: string): string | undefined {
  let node: unknown = errors;
  for (const key of name.split(".")) node = (node as Record<string, unknown> | undefined)?.[key];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === "string" && message ? message : undefined;
}

/** Binds FormFields to the form: `<FormField label="Email" {...field("email")} />`. */
export function bindField<V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>) {
  return (name: Path<V>) => ({ ...form.register(name), error: messageOf(form.formState.errors, name) });
}

/** The form-level message (a refusal that names no field of the form). */
export const formMessage = (form: { formState: { errors: FieldErrors } }) =>
  form.formState.errors.root?.server?.message ?? null;

/** The first message of an invalid form, in the schema's order (what the server would answer). */
export function firstMessage(errors: FieldErrors): string {
  for (const key of Object.keys(errors)) {
    const message = messageOf(errors, key);
    if (message) return message;
    const nested = errors[key];
    if (nested && typeof nested === "object") {
      const inner = firstMessage(nested as FieldErrors);
      if (inner) return inner;
    }
  }
  return "";
}

/**
 * The onSubmit of a <Form>: validates with the schema, then runs `onValid` with the parsed values (the form is
 * `isSubmitting` until it returns). An invalid form toasts its first message unless `quiet` (the messages under the
 * fields say it all) or `onInvalid` takes it.
 */
export function submitWith<V extends FieldValues, T>(
  form: UseFormReturn<V, unknown, T>,
  onValid: (values: T) => unknown,
  {
    quiet = false,
    onInvalid = (message) => void toast.error(message),
  }: { quiet?: boolean; onInvalid?: (message: string) => void } = {},
) {
  return form.handleSubmit(
    async (values) => {
      form.clearErrors("root" as Path<V>);
      await onValid(values);
    },
    (errors) => {
      const message = firstMessage(errors);
      if (!quiet && message) onInvalid(message);
    },
  );
}

/**
 * A refused server call onto the form: each of its fieldErrors under the field of that name (`rename` maps a server
 * name to the form's, e.g. address_line → addressline); when none of them is a field of this form, its message goes
 * to the form's message box. The first wrong field gets focus. Returns whether a field took a message.
 */
export function showFailure<V extends FieldValues>(
  form: UseFormReturn<V, unknown, unknown>,
  failure: ActionFailure,
  rename: Record<string, string> = {},
): boolean {
  const known = new Set(Object.keys(form.formState.defaultValues ?? {}));
  let placed = 0;
  for (const [key, messages] of Object.entries(failure.fieldErrors ?? {})) {
    const name = rename[key] ?? key;
    if (!known.has(name) || !messages[0]) continue;
    form.setError(name as Path<V>, { type: "server", message: messages[0] }, { shouldFocus: placed === 0 });
    placed++;
  }
  if (!placed) form.setError("root.server" as Path<V>, { type: "server", message: failureText(failure) });
  return placed > 0;
}

/**
 * A form whose values go to one server action: the schema's checks first, then `action(toInput(values))` (the parsed
 * values by default); a refusal lands on the fields it names (and is toasted), success toasts its message and runs
 * `onDone`. With
 * `leaving`, the form stays pending after success (the page is going elsewhere).
 */
export function useActionForm<S extends Schema, I, T>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  action: ServerAction<I, T>,
  {
    onDone,
    toInput = (values) => values as unknown as I,
    leaving = false,
    rename,
    onFailure,
    toastSuccess = true,
    ...invalid
  }: {
    onDone?: (done: ActionDone<T>, values: z.output<S>) => unknown;
    toInput?: (values: z.output<S>) => I;
    leaving?: boolean;
    rename?: Record<string, string>;
    /** instead of the failure's toast (it is still shown under the fields) */
    onFailure?: (failure: ActionFailure) => void;
    /** the success message as a toast (default; false when onDone says something else) */
    toastSuccess?: boolean;
  } & Parameters<typeof submitWith>[2] = {},
) {
  const form = useZodForm(schema, defaultValues);
  const call = useServerAction(action, { toastSuccess, toastFailure: !onFailure, onFailure });
  const [left, setLeft] = useState(false);
  const submit = submitWith(
    form,
    async (values) => {
      const result = await call.run(toInput(values));
      if (!result.ok) {
        showFailure(form, result, rename);
        return;
      }
      if (leaving) setLeft(true);
      await onDone?.(result, values);
    },
    invalid,
  );
  return {
    form,
    field: bindField(form),
    submit,
    pending: form.formState.isSubmitting || left,
    message: formMessage(form),
  };
}
