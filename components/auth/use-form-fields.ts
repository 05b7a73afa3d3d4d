"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";

/**
 * The state every account form keeps: its text fields, the server's or the schema's errors per field, a message
 * for the form as a whole, and whether a submission is under way. `set(field)` is an input's onChange (it clears
 * that field's error); `fail(text, fieldErrors)` shows errors of known fields under them, anything else in the
 * form's message box, and always a toast.
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

  function fail(text: string, fieldErrors: Record<string, string[]> = {}) {
    const known = Object.keys(fieldErrors).filter((k) => k in initial);
    setErrors(fieldErrors);
    setMessage(known.length ? null : text);
    toast.error(text);
  }

  /** A submission starts: old errors go. */
  function begin() {
    setPending(true);
    setErrors({});
    setMessage(null);
  }

  return { values, setValues, errors, setErrors, message, setMessage, pending, setPending, set, fail, begin };
}
