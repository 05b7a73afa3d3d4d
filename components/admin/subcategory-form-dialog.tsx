"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { addSubCategoryAction, updateSubCategoryAction } from "@/lib/catalog/admin/actions";
import { subCategoryFormSchema } from "@/lib/catalog/admin/schemas";
import type { SubCategoryDto } from "@/lib/catalog/types";
import { ADMIN_KEYS, fetchCategories } from "./admin-api";
import { AdminDialog, closeDialogOf } from "./admin-dialog";
import { ChipSelect } from "./chip-select";
import { SubmitButton, TextField } from "./form-fields";
import { SingleImageField } from "./image-upload";
import { callAction, toastResult } from "@/components/ui/use-action";

/**
 * Add / Edit Sub Category (spec §2, §5): name, image and categories picked from a dropdown into chips. The submit
 * button looks active only with all three but always submits; the server's answer is the toast.
 */
export function SubCategoryFormDialog({
  subCategory,
  onClose,
}: {
  subCategory?: SubCategoryDto;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const categories = useQuery({ queryKey: ADMIN_KEYS.categories, queryFn: fetchCategories });
  const [name, setName] = useState(subCategory?.name ?? "");
  const [image, setImage] = useState(subCategory?.image ?? "");
  const [category, setCategory] = useState<string[]>(subCategory?.category.map((c) => c._id) ?? []);
  const [pending, setPending] = useState(false);
  const ready = subCategoryFormSchema.safeParse({ name, image, category }).success;
  // keep names of chosen categories visible even before the list has loaded
  const options = categories.data ?? subCategory?.category ?? [];

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setPending(true);
    const values = { name, image, category };
    const result = await (subCategory
      ? callAction(updateSubCategoryAction, { _id: subCategory._id, ...values })
      : callAction(addSubCategoryAction, values));
    setPending(false);
    if (toastResult(result)) {
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.subCategories });
      closeDialogOf(form);
    }
  }

  return (
    <AdminDialog
      title={subCategory ? "Edit Sub Category" : "Add Sub Category"}
      onClose={onClose}
      testId="subcategory-dialog"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Name"
          name="name"
          placeholder="Enter sub category name"
          value={name}
          onChange={setName}
          maxLength={80}
          autoComplete="off"
        />
        <SingleImageField
          value={image}
          onChange={setImage}
          disabled={!name.trim()}
          alt={name || "Sub category image"}
        />
        <ChipSelect
          label="Select Category"
          placeholder="Select Category"
          options={options}
          value={category}
          onChange={setCategory}
        />
        <SubmitButton ready={ready} pending={pending}>
          {subCategory ? "Update Sub Category" : "Add Sub Category"}
        </SubmitButton>
      </form>
    </AdminDialog>
  );
}
