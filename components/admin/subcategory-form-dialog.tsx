"use client";

import { useQuery } from "@tanstack/react-query";
import { Dialog } from "@/components/ui/dialog";
import { messageOf } from "@/components/ui/use-zod-form";
import { addSubCategoryAction, updateSubCategoryAction } from "@/lib/catalog/admin/actions";
import { subCategoryFormSchema } from "@/lib/catalog/admin/schemas";
import type { SubCategory } from "@/lib/catalog/types";
import { ADMIN_KEYS, fetchCategories } from "./admin-api";
import { CatalogEntryForm, useEntryForm } from "./catalog-entry-form";
import { ChipSelect } from "./chip-select";

/** Add / Edit Sub Category (spec §2, §5): name, image and categories picked from a dropdown into chips. */
export function SubCategoryFormDialog({
  subCategory,
  onClose,
}: {
  subCategory?: SubCategory;
  onClose: () => void;
}) {
  const categories = useQuery({ queryKey: ADMIN_KEYS.categories, queryFn: fetchCategories });
  const state = useEntryForm(
    subCategoryFormSchema,
    {
      name: subCategory?.name ?? "",
      image: subCategory?.image ?? "",
      category: subCategory?.categories.map((c) => c.id) ?? [],
    },
    // one action per mount: Edit Sub Category changes the one it opened with
    (subCategory ? updateSubCategoryAction : addSubCategoryAction) as typeof updateSubCategoryAction,
    {
      keys: [ADMIN_KEYS.subCategories],
      onSaved: onClose,
      toInput: (values) => (subCategory ? { id: subCategory.id, ...values } : (values as never)),
    },
  );
  const form = state.form as unknown as typeof state.form & {
    watch: (name: "category") => string[];
    setValue: (name: "category", value: string[], options: { shouldValidate: boolean }) => void;
  };

  return (
    <Dialog
      title={subCategory ? "Edit Sub Category" : "Add Sub Category"}
      onClose={onClose}
      testId="subcategory-dialog"
    >
      <CatalogEntryForm
        noun="sub category"
        state={state}
        submitLabel={subCategory ? "Update Sub Category" : "Add Sub Category"}
      >
        <ChipSelect
          label="Select Category"
          placeholder="Select Category"
          // keep names of chosen categories visible even before the list has loaded
          options={categories.data ?? subCategory?.categories ?? []}
          value={form.watch("category")}
          onChange={(ids) => form.setValue("category", ids, { shouldValidate: form.formState.isSubmitted })}
          error={messageOf(form.formState.errors, "category")}
        />
      </CatalogEntryForm>
    </Dialog>
  );
}
