"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { callAction } from "@/components/ui/use-action";
import { addSubCategoryAction, updateSubCategoryAction } from "@/lib/catalog/admin/actions";
import { subCategoryFormSchema } from "@/lib/catalog/admin/schemas";
import type { SubCategory } from "@/lib/catalog/types";
import { ADMIN_KEYS, fetchCategories } from "./admin-api";
import { CatalogEntryForm, useAdminSave } from "./catalog-entry-form";
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
  const [name, setName] = useState(subCategory?.name ?? "");
  const [image, setImage] = useState(subCategory?.image ?? "");
  const [category, setCategory] = useState<string[]>(subCategory?.categories.map((c) => c.id) ?? []);
  const { pending, save } = useAdminSave([ADMIN_KEYS.subCategories], onClose);
  const values = { name, image, category };

  return (
    <Dialog
      title={subCategory ? "Edit Sub Category" : "Add Sub Category"}
      onClose={onClose}
      testId="subcategory-dialog"
    >
      <CatalogEntryForm
        noun="sub category"
        name={name}
        onName={setName}
        image={image}
        onImage={setImage}
        ready={subCategoryFormSchema.safeParse(values).success}
        pending={pending}
        submitLabel={subCategory ? "Update Sub Category" : "Add Sub Category"}
        onSubmit={() =>
          save(
            subCategory
              ? callAction(updateSubCategoryAction, { id: subCategory.id, ...values })
              : callAction(addSubCategoryAction, values),
          )
        }
      >
        <ChipSelect
          label="Select Category"
          placeholder="Select Category"
          // keep names of chosen categories visible even before the list has loaded
          options={categories.data ?? subCategory?.categories ?? []}
          value={category}
          onChange={setCategory}
        />
      </CatalogEntryForm>
    </Dialog>
  );
}
