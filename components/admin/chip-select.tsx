"use client";

import { useId } from "react";
import { XIcon } from "@/components/ui/icons";
import { FieldError, inputClass } from "@/components/ui/form-field";

type Option = { id: string; name: string };

/**
 * Several choices from a list (spec §2: categories picked from a dropdown into chips, each removed by its x).
 * Picking one already chosen keeps it once (decisions.md).
 */
export function ChipSelect({
  label,
  placeholder,
  options,
  value,
  onChange,
  error,
}: {
  label: string;
  placeholder: string;
  options: Option[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const names = new Map(options.map((o) => [o.id, o.name]));
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        value=""
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const picked = e.target.value;
          if (picked && !value.includes(picked)) onChange([...value, picked]);
        }}
        className={`${inputClass} h-11`}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Chosen ${label.toLowerCase()}`}>
          {value.map((v) => (
            <li
              key={v}
              data-testid="chip"
              className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-800"
            >
              {names.get(v) ?? "Unknown"}
              <button
                type="button"
                aria-label={`Remove ${names.get(v) ?? "item"}`}
                onClick={() => onChange(value.filter((x) => x !== v))}
                className="flex size-6 items-center justify-center rounded-full hover:bg-brand-100"
              >
                <XIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <FieldError>{error}</FieldError>}
    </div>
  );
}
