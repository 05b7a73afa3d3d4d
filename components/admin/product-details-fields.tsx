"use client";

import { useState } from "react";
import { FieldError, FormField } from "@/components/ui/form-field";
import { PlusIcon, XIcon } from "@/components/ui/icons";
import { AddFieldDialog } from "./add-field-dialog";

/** The extra "more details" fields an admin names (spec §2 Add Fields): each removable, and the Add Fields button. */
export function ProductDetailsFields({
  details,
  errors,
  onChange,
  onRemove,
  onAdd,
}: {
  details: Record<string, string>;
  errors: Record<string, string>;
  onChange: (field: string, value: string) => void;
  onRemove: (field: string) => void;
  /** false when the name cannot be added (the dialog then stays open) */
  onAdd: (field: string) => boolean;
}) {
  const [adding, setAdding] = useState(false);

  return (
    <>
      {Object.entries(details).map(([field, value]) => (
        <FormField
          key={field}
          label={field}
          name={`more_details.${field}`}
          placeholder={`Enter ${field}`}
          value={value}
          onChange={(e) => onChange(field, e.target.value)}
          error={errors[`more_details.${field}`]}
          maxLength={500}
          labelAddon={
            <button
              type="button"
              onClick={() => onRemove(field)}
              aria-label={`Remove field ${field}`}
              className="flex size-7 items-center justify-center rounded-full text-muted hover:bg-canvas hover:text-red-600"
            >
              <XIcon className="size-4" />
            </button>
          }
        />
      ))}
      {errors.more_details && <FieldError>{errors.more_details}</FieldError>}

      <div>
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="inline-flex h-10 items-center gap-1.5 rounded-xl border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <PlusIcon className="size-4" />
          Add Fields
        </button>
      </div>
      {adding && <AddFieldDialog onAdd={onAdd} onClose={() => setAdding(false)} />}
    </>
  );
}
