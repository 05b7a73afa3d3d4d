"use client";

import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { inputClass } from "@/components/ui/form-field";

/** spec §2: "Add Fields" opens this: one text input ("Enter field name") and an "Add Field" button. */
export function AddFieldDialog({
  onAdd,
  onClose,
}: {
  onAdd: (name: string) => boolean;
  onClose: () => void;
}) {
  const [name, setName] = useState("");

  function add() {
    const field = name.trim().replace(/\s+/g, " ");
    if (field && onAdd(field)) onClose();
  }

  return (
    <Dialog title="Add Field" onClose={onClose} size="sm" testId="add-field-dialog">
      <input
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            add();
          }
        }}
        placeholder="Enter field name"
        aria-label="Field name"
        maxLength={40}
        autoFocus
        className={`${inputClass} h-11`}
      />
      <button
        type="button"
        onClick={add}
        className="mt-4 inline-flex h-11 w-full items-center justify-center rounded-xl bg-brand-600 text-sm font-bold text-white hover:bg-brand-700"
      >
        Add Field
      </button>
    </Dialog>
  );
}
