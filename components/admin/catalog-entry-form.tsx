"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import { FormField, SubmitButton } from "@/components/ui/form-field";
import { toastResult } from "@/components/ui/use-action";
import type { ActionResult } from "@/lib/actions/result";
import { SingleImageField } from "./image-upload";

/**
 * The body of the Add / Update Category and Sub Category dialogs (spec §2, §5): a name, one image whose Upload
 * Image control waits for the name, anything else the entry needs (`children`), and a submit button that looks
 * active only when the entry is complete but always submits, so the server's answer (a toast) says what is missing.
 */
export function CatalogEntryForm({
  noun,
  name,
  onName,
  image,
  onImage,
  ready,
  pending,
  submitLabel,
  onSubmit,
  children,
}: {
  noun: "category" | "sub category";
  name: string;
  onName: (name: string) => void;
  image: string;
  onImage: (url: string) => void;
  ready: boolean;
  pending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  children?: React.ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-4"
    >
      <FormField
        label="Name"
        name="name"
        placeholder={`Enter ${noun} name`}
        value={name}
        onChange={(e) => onName(e.target.value)}
        maxLength={80}
        autoComplete="off"
      />
      <SingleImageField
        value={image}
        onChange={onImage}
        disabled={!name.trim()}
        alt={name || `${noun[0]!.toUpperCase()}${noun.slice(1)} image`}
      />
      {children}
      <SubmitButton ready={ready} pending={pending} pendingLabel="Saving…">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/**
 * Saves an admin entry: the action's outcome is the toast; on success the lists in `keys` are refetched (the first
 * awaited, the rest in the background) and `onSaved` runs (the dialog closes).
 */
export function useAdminSave(keys: QueryKey[], onSaved: () => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function save(call: Promise<ActionResult<unknown>>) {
    setPending(true);
    const result = await call;
    setPending(false);
    if (!toastResult(result)) return;
    const [first, ...rest] = keys;
    await queryClient.invalidateQueries({ queryKey: first });
    for (const key of rest) void queryClient.invalidateQueries({ queryKey: key });
    onSaved();
  }

  return { pending, save: (call: Promise<ActionResult<unknown>>) => void save(call) };
}
