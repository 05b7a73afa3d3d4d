"use client";

import { useId, useState } from "react";
import { EyeIcon, EyeOffIcon } from "@/components/ui/icons";

export const inputClass =
  "h-11 w-full rounded-xl border border-line bg-canvas px-3 text-ink outline-none transition-colors " +
  "placeholder:text-muted/70 focus:border-brand-500 focus:bg-white focus-visible:outline-none " +
  "focus:ring-4 focus:ring-brand-500/10 aria-invalid:border-red-500 aria-invalid:bg-red-50/40 " +
  "disabled:cursor-not-allowed disabled:opacity-60";

type FieldProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "className"> & {
  label: string;
  name: string;
  error?: string;
  /** marks the input invalid when the message is shown elsewhere (e.g. a form-level login error) */
  invalid?: boolean;
  hint?: React.ReactNode;
};

/** A labelled input with its inline error (announced through aria-describedby and aria-invalid). */
export function FormField({ label, name, error, invalid, hint, type = "text", ...input }: FieldProps) {
  const id = useId();
  const inputId = `${id}-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === "password";
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          {...input}
          id={inputId}
          name={name}
          type={isPassword && revealed ? "text" : type}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${isPassword ? "pr-11" : ""}`}
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
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The form-level message: a polite live region that is always in the DOM (so screen readers announce changes)
 * and shows a red box when there is an error.
 */
export function FormStatus({
  message,
  tone = "error",
}: {
  message?: string | null;
  tone?: "error" | "info";
}) {
  return (
    <div aria-live={tone === "error" ? "assertive" : "polite"} aria-atomic="true" role="status">
      {message && (
        <p
          data-testid="form-error"
          className={`rounded-xl px-3 py-2.5 text-sm font-medium ${
            tone === "error" ? "bg-red-50 text-red-700" : "bg-brand-50 text-brand-800"
          }`}
        >
          {message}
        </p>
      )}
    </div>
  );
}

/** The primary button of a form, with a busy label. */
export function SubmitButton({
  children,
  pending,
  pendingLabel,
  disabled,
  tone = "brand",
}: {
  children: React.ReactNode;
  pending?: boolean;
  pendingLabel?: string;
  disabled?: boolean;
  tone?: "brand" | "danger";
}) {
  const colours =
    tone === "danger"
      ? "bg-red-600 hover:bg-red-700 disabled:bg-red-300"
      : "bg-brand-600 hover:bg-brand-700 disabled:bg-brand-600/40";
  return (
    <button
      type="submit"
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={`inline-flex h-11 w-full items-center justify-center gap-2 rounded-xl px-5 text-sm font-bold text-white shadow-sm transition-colors disabled:cursor-not-allowed disabled:shadow-none ${colours}`}
    >
      {pending && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      )}
      {pending ? (pendingLabel ?? "Please wait…") : children}
    </button>
  );
}
