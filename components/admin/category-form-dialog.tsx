"use client";

import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { callAction } from "@/components/ui/use-action";
import { addCategoryAction, updateCategoryAction } from "@/lib/catalog/admin/actions";
import { categoryFormSchema } from "@/lib/catalog/admin/schemas";
import type { Category } from "@/lib/catalog/types";
import { ADMIN_KEYS } from "./admin-api";
import { CatalogEntryForm, useAdminSave } from "./catalog-entry-form";

/** Add Category / Update Category (spec §2, §5): a name and an image. */
export function CategoryFormDialog({ category, onClose }: { category?: Category; onClose: () => void }) {
  const [name, setName] = useState(category?.name ?? "");
  const [image, setImage] = useState(category?.image ?? "");
  // names also appear in the sub-category table
  const { pending, save } = useAdminSave([ADMIN_KEYS.categories, ADMIN_KEYS.subCategories], onClose);
  const title = category ? "Update Category" : "Add Category";

  return (
    <Dialog title={title} onClose={onClose} testId="category-dialog">
      <CatalogEntryForm
        noun="category"
        name={name}
        onName={setName}
        image={image}
        onImage={setImage}
        ready={categoryFormSchema.safeParse({ name, image }).success}
        pending={pending}
        submitLabel={title}
        onSubmit={() =>
          save(
            category
              ? callAction(updateCategoryAction, { id: category.id, name, image })
              : callAction(addCategoryAction, { name, image }),
          )
        }
      />
    </Dialog>
  );
}
