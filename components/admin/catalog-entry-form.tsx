"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { FieldError, Form, FormField, FormStatus, SubmitButton } from "@/components/ui/form-field";
import type { ServerAction } from "@/components/ui/use-action";
import { messageOf, useActionForm } from "@/components/ui/use-zod-form";
import { SingleImageField } from "./image-upload";

type Entry = { name: string; image: string };

/**
 * The state of an Add / Update Category or Sub Category dialog: react-hook-form with the schema the server parses
 * with, sent to `action` (create or update, one per mount); on success its message is the toast, the lists in `keys`
 * are refetched (the first awaited, the rest in the background) and `onSaved` runs (the dialog closes).
 */
export function useEntryForm<S extends z.ZodType<unknown, Entry>, I, T>(
  schema: S,
  defaults: z.input<S>,
  action: ServerAction<I, T>,
  { keys, onSaved, toInput }: { keys: QueryKey[]; onSaved: () => void; toInput: (values: z.output<S>) => I },
) {
  const queryClient = useQueryClient();
  const state = useActionForm(schema, defaults as never, action, {
    toInput,
    onDone: async () => {
      const [first, ...rest] = keys;
      await queryClient.invalidateQueries({ queryKey: first });
      for (const key of rest) void queryClient.invalidateQueries({ queryKey: key });
      onSaved();
    },
  });
  const values = state.form.watch() as z.input<S>;
  return {
    ...state,
    form: state.form as unknown as UseFormReturn<Entry>,
    ready: schema.safeParse(values).success,
  };
}

/**
 * The body of the Add / Update Category and Sub Category dialogs (spec §2, §5): a name, one image whose Upload
 * Image control waits for the name, anything else the entry needs (`children`), and a submit button that looks
 * active only when the entry is complete. The schema's messages (the server's own) show under the fields and as a
 * toast before anything is sent; the server's refusals (a name taken) the same way.
 */
export function CatalogEntryForm({
  noun,
  state: { form, submit, pending, message, ready },
  submitLabel,
  children,
}: {
  noun: "category" | "sub category";
  state: ReturnType<typeof useEntryForm>;
  submitLabel: string;
  children?: React.ReactNode;
}) {
  const [name, image] = form.watch(["name", "image"]);
  const errors = form.formState.errors;
  const imageError = messageOf(errors, "image");
  return (
    <Form label={submitLabel} onSubmit={submit}>
      <FormField
        label="Name"
        placeholder={`Enter ${noun} name`}
        {...form.register("name")}
        error={messageOf(errors, "name")}
        maxLength={80}
        autoComplete="off"
      />
      <SingleImageField
        value={image}
        onChange={(url) => form.setValue("image", url, { shouldValidate: form.formState.isSubmitted })}
        disabled={!name.trim()}
        alt={name || `${noun[0]!.toUpperCase()}${noun.slice(1)} image`}
      />
      {imageError && <FieldError>{imageError}</FieldError>}
      {children}
      <FormStatus message={message} />
      <SubmitButton ready={ready} pending={pending} pendingLabel="Saving…">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
