"use client";

import { useId } from "react";

export const inputClass =
  "w-full rounded-xl border border-line bg-canvas px-3 text-ink outline-none transition-colors " +
  "placeholder:text-muted/80 focus:border-brand-500 focus:bg-white aria-invalid:border-red-500";

type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  multiline?: boolean;
  labelAddon?: React.ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "value" | "onChange">;

/** A labelled text input (or textarea) with its error below. */
export function TextField({ label, value, onChange, error, multiline, labelAddon, ...rest }: TextFieldProps) {
  const id = useId();
  const common = {
    id,
    value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        {labelAddon}
      </div>
      {multiline ? (
        <textarea
          {...common}
          name={rest.name}
          placeholder={rest.placeholder}
          rows={4}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass} resize-y py-2.5`}
        />
      ) : (
        <input {...rest} {...common} onChange={(e) => onChange(e.target.value)} className={`${inputClass} h-11`} />
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's main button: looks active only when the form is complete, yet is never blocked (spec §5). */
export function SubmitButton({ ready, pending, children }: { ready: boolean; pending: boolean; children: React.ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      data-ready={ready}
      className={`inline-flex h-12 w-full items-center justify-center rounded-xl text-base font-bold transition-colors disabled:opacity-60 ${
        ready ? "bg-brand-600 text-white hover:bg-brand-700" : "bg-slate-200 text-slate-600 hover:bg-slate-300"
      }`}
    >
      {pending ? "Saving…" : children}
    </button>
  );
}
