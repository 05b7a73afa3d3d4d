"use client";

import { Dialog } from "@/components/ui/dialog";
import { addCategoryAction, updateCategoryAction } from "@/lib/catalog/admin/actions";
import { categoryFormSchema } from "@/lib/catalog/admin/schemas";
import type { Category } from "@/lib/catalog/types";
import { ADMIN_KEYS } from "./admin-api";
import { CatalogEntryForm, useEntryForm } from "./catalog-entry-form";

/** Add Category / Update Category (spec §2, §5): a name and an image. */
export function CategoryFormDialog({ category, onClose }: { category?: Category; onClose: () => void }) {
  const title = category ? "Update Category" : "Add Category";
  const state = useEntryForm(
    categoryFormSchema,
    { name: category?.name ?? "", image: category?.image ?? "" },
    // one action per mount: Update Category changes the category it opened with
    (category ? updateCategoryAction : addCategoryAction) as typeof updateCategoryAction,
    {
      // names also appear in the sub-category table
      keys: [ADMIN_KEYS.categories, ADMIN_KEYS.subCategories],
      onSaved: onClose,
      toInput: (values) => (category ? { id: category.id, ...values } : (values as never)),
    },
  );

  return (
    <Dialog title={title} onClose={onClose} testId="category-dialog">
      <CatalogEntryForm noun="category" state={state} submitLabel={title} />
    </Dialog>
  );
}
