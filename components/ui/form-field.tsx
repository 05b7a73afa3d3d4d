"use client";

import { useId, useState } from "react";
import { EyeIcon, EyeOffIcon } from "./icons";
import { useHydrated } from "./use-hydrated";

// The shop's form controls: one labelled field (input, password with a show/hide button, or textarea) with its
// hint and inline error, the form-level message box and the submit button. Every form (account screens, profile,
// address, delivery-partner application, admin catalogue) draws its fields with these.

/** The look of a text box; add a height (h-10, h-11) for an input. */
export const inputClass =
  "w-full rounded-xl border border-line bg-canvas px-3 text-ink outline-none transition-colors " +
  "placeholder:text-muted/70 focus:border-brand-500 focus:bg-white " +
  "focus:ring-4 focus:ring-brand-500/10 aria-invalid:border-red-500 aria-invalid:bg-red-50/40 " +
  "disabled:cursor-not-allowed disabled:opacity-60";

export type FormFieldProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "className"> & {
  /** the input (react-hook-form's register passes its ref here) */
  ref?: React.Ref<HTMLInputElement>;
  label: string;
  name: string;
  /** shown under the field, which is then invalid and described by it */
  error?: string;
  /** marks the field invalid when the message is shown elsewhere (a form-level error) */
  invalid?: boolean;
  /** the id of that message elsewhere, read out with the field */
  describedBy?: string;
  /** a line of help under the field while it has no error */
  hint?: React.ReactNode;
  /** after the label, in lighter type ("(optional)") */
  labelNote?: string;
  /** at the end of the label row (a remove button) */
  labelAddon?: React.ReactNode;
  /** a four-line textarea instead of an input */
  multiline?: boolean;
};

/** The e-mail box of a form (spread into a FormField or a FieldList spec). */
export const EMAIL_FIELD = {
  label: "Email",
  type: "email",
  inputMode: "email",
  autoComplete: "email",
  placeholder: "you@example.com",
} as const;

/** A password box: the current one (to sign in or confirm) or a new one (password managers offer to make one). */
export const passwordField = (label: string, kind: "current" | "new", placeholder?: string) =>
  ({ label, type: "password", autoComplete: `${kind}-password`, placeholder }) as const;

/** A labelled field with its inline error, announced through aria-describedby and aria-invalid. */
export function FormField({
  label,
  name,
  error,
  invalid,
  describedBy,
  hint,
  labelNote,
  labelAddon,
  multiline,
  type = "text",
  ...input
}: FormFieldProps) {
  const id = `${useId()}-${name}`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === "password";
  const describedByIds =
    [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null, describedBy]
      .filter(Boolean)
      .join(" ") || undefined;
  const control = {
    id,
    name,
    "aria-invalid": error || invalid ? true : undefined,
    "aria-describedby": describedByIds,
  } as const;

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
          {labelNote && <span className="font-normal text-muted"> {labelNote}</span>}
        </label>
        {labelAddon}
      </div>
      {multiline ? (
        <textarea
          {...(input as React.TextareaHTMLAttributes<HTMLTextAreaElement>)}
          {...control}
          rows={4}
          className={`${inputClass} resize-y py-2.5`}
        />
      ) : (
        <div className="relative">
          <input
            {...input}
            {...control}
            type={isPassword && revealed ? "text" : type}
            className={`${inputClass} h-11 ${isPassword ? "pr-11" : ""}`}
          />
          {isPassword && (
            <button
              type="button"
              onClick={() => setRevealed((v) => !v)}
              aria-label={revealed ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
              aria-pressed={revealed}
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-muted hover:text-ink"
            >
              {revealed ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
            </button>
          )}
        </div>
      )}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/**
 * A form of the shop: checked by its own code (noValidate), named for assistive technology, and marked
 * `data-hydrated` once React handles it (browser tests wait for that before they type).
 */
export function Form({
  id,
  label,
  onSubmit,
  className = "flex flex-col gap-4",
  children,
}: {
  /** for a submit button outside the form (`form={id}`) */
  id?: string;
  label: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form
      id={id}
      noValidate
      onSubmit={onSubmit}
      className={className}
      aria-label={label}
      data-hydrated={hydrated || undefined}
    >
      {children}
    </form>
  );
}

/** What binds a FormField to its form: react-hook-form's register (name, ref, handlers) and the field's message. */
type Bound = {
  name: string;
  ref: React.Ref<HTMLInputElement>;
  onChange: React.ChangeEventHandler<HTMLInputElement>;
  onBlur: React.FocusEventHandler<HTMLInputElement>;
  error?: string;
};

/** One field of a FieldList: everything but its binding, which comes from the form (bindField). */
export type FieldSpec<Name extends string> = Omit<FormFieldProps, keyof Bound> & {
  name: Name;
  /** across both columns of a two-column list */
  wide?: boolean;
};

/**
 * A form's fields written as data (label, type, autocomplete…), bound to their form by `field` (bindField),
 * required unless a spec says otherwise; `columns={2}` sets them two abreast from md up.
 */
export function FieldList<Name extends string>({
  specs,
  field,
  columns = 1,
}: {
  specs: FieldSpec<Name>[];
  field: (name: Name) => Bound;
  columns?: 1 | 2;
}) {
  const fields = specs.map(({ wide, ...spec }) => (
    <div key={spec.name} className={wide ? "md:col-span-2" : undefined}>
      <FormField required {...spec} {...field(spec.name)} />
    </div>
  ));
  return columns === 2 ? <div className="grid gap-4 md:grid-cols-2">{fields}</div> : <>{fields}</>;
}

/** An error under a control that is not a FormField (a picture list, a chip picker). */
export function FieldError({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-600">
      {children}
    </p>
  );
}

/**
 * The form-level error: a live region that is always in the DOM (so screen readers announce changes) and shows
 * a red box when there is a message.
 */
export function FormStatus({ message }: { message?: string | null }) {
  return (
    <div aria-live="assertive" aria-atomic="true" role="status">
      {message && (
        <p
          data-testid="form-error"
          className="rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-700"
        >
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * The primary button of a form, with a busy label. `disabled` blocks it until the form is complete (account
 * forms); `ready` only makes it look active when the form is complete and never blocks it, so the server's
 * answer explains what is missing (the admin forms, spec §5).
 */
export function SubmitButton({
  children,
  pending,
  pendingLabel = "Please wait…",
  disabled,
  ready,
  tone = "brand",
  form,
}: {
  children: React.ReactNode;
  /** the id of the <form> it submits, when it sits outside it (a dialog's pinned footer) */
  form?: string;
  pending?: boolean;
  pendingLabel?: string;
  disabled?: boolean;
  ready?: boolean;
  tone?: "brand" | "danger";
}) {
  const colours =
    tone === "danger"
      ? "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300"
      : ready === false
        ? "bg-slate-200 text-slate-600 hover:bg-slate-300"
        : "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/40";
  return (
    <button
      type="submit"
      form={form}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      data-ready={ready}
      className={`inline-flex h-11 w-full items-center justify-center gap-2 rounded-xl px-5 text-sm font-bold shadow-sm transition-colors disabled:cursor-not-allowed disabled:shadow-none ${colours}`}
    >
      {pending && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      )}
      {pending ? pendingLabel : children}
    </button>
  );
}

/**
 * A form of text fields written as data (the account screens, the profile): the fields, the form's message box and
 * the submit button, bound to a useActionForm; `children` come after the button (a link to another screen),
 * `before` ahead of the fields. `buttonWidth` sets the button's width from sm up, at the form's right edge.
 */
export function FieldsForm<Name extends string>({
  label,
  state: { field, submit, pending, message },
  specs,
  columns,
  submitLabel,
  pendingLabel,
  disabled,
  buttonWidth,
  before,
  children,
}: {
  label: string;
  state: {
    field: (name: Name) => Bound;
    submit: (event: React.FormEvent<HTMLFormElement>) => void;
    pending: boolean;
    message: string | null;
  };
  specs: FieldSpec<Name>[];
  columns?: 1 | 2;
  submitLabel: string;
  pendingLabel: string;
  disabled?: boolean;
  buttonWidth?: string;
  before?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const button = (
    <SubmitButton disabled={disabled} pending={pending} pendingLabel={pendingLabel}>
      {submitLabel}
    </SubmitButton>
  );
  return (
    <Form label={label} onSubmit={submit}>
      {before}
      <FieldList specs={specs} field={field} columns={columns} />
      <FormStatus message={message} />
      {buttonWidth ? (
        <div className="flex justify-end">
          <div className={`w-full ${buttonWidth}`}>{button}</div>
        </div>
      ) : (
        button
      )}
      {children}
    </Form>
  );
}
