"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { addCategoryAction, updateCategoryAction } from "@/lib/catalog/admin/actions";
import { categoryFormSchema } from "@/lib/catalog/admin/schemas";
import type { CategoryDto } from "@/lib/catalog/types";
import { ADMIN_KEYS } from "./admin-api";
import { AdminDialog, closeDialogOf } from "./admin-dialog";
import { SubmitButton, TextField } from "./form-fields";
import { SingleImageField } from "./image-upload";
import { callAction, toastResult } from "@/components/ui/use-action";

/**
 * Add Category / Update Category (spec §2, §5): the Upload Image control waits for a name; the submit button looks
 * active only with a name and an image but always submits, and the server's answer is shown as a toast.
 */
export function CategoryFormDialog({ category, onClose }: { category?: CategoryDto; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(category?.name ?? "");
  const [image, setImage] = useState(category?.image ?? "");
  const [pending, setPending] = useState(false);
  const title = category ? "Update Category" : "Add Category";
  const ready = categoryFormSchema.safeParse({ name, image }).success;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setPending(true);
    const result = await (category
      ? callAction(updateCategoryAction, { _id: category._id, name, image })
      : callAction(addCategoryAction, { name, image }));
    setPending(false);
    if (toastResult(result)) {
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.categories });
      // names appear in the sub-category table and on products
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.subCategories });
      closeDialogOf(form);
    }
  }

  return (
    <AdminDialog title={title} onClose={onClose} testId="category-dialog">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Name"
          name="name"
          placeholder="Enter category name"
          value={name}
          onChange={setName}
          maxLength={80}
          autoComplete="off"
        />
        <SingleImageField
          value={image}
          onChange={setImage}
          disabled={!name.trim()}
          alt={name || "Category image"}
        />
        <SubmitButton ready={ready} pending={pending}>
          {title}
        </SubmitButton>
      </form>
    </AdminDialog>
  );
}
