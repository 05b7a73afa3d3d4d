"use client";

import { useRef, useState } from "react";
import { AdminDialog, closeDialogOf } from "./admin-dialog";
import { inputClass } from "./form-fields";

/** spec §2: "Add Fields" opens this: one text input ("Enter field name") and an "Add Field" button. */
export function AddFieldDialog({ onAdd, onClose }: { onAdd: (name: string) => boolean; onClose: () => void }) {
  const [name, setName] = useState("");
  const button = useRef<HTMLButtonElement>(null);

  function add() {
    const field = name.trim().replace(/\s+/g, " ");
    if (!field) return;
    if (onAdd(field)) closeDialogOf(button.current);
  }

  return (
    <AdminDialog title="Add Field" onClose={onClose} size="sm" testId="add-field-dialog">
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
        ref={button}
        type="button"
        onClick={add}
        className="mt-4 inline-flex h-11 w-full items-center justify-center rounded-xl bg-brand-600 text-sm font-bold text-white hover:bg-brand-700"
      >
        Add Field
      </button>
    </AdminDialog>
  );
}
