"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CatalogImage } from "@/components/ui/catalog-image";
import { AddButton, AdminCard, AdminEmpty, CrudScreen } from "@/components/ui/crud-screen";
import { deleteCategoryAction } from "@/lib/catalog/admin/actions";
import type { Category } from "@/lib/catalog/types";
import { ADMIN_KEYS, fetchCategories } from "./admin-api";
import { CategoryFormDialog } from "./category-form-dialog";
import { DELETE_CONFIRM_TEXT } from "./texts";

/** spec §2 Category admin page: the grid (2 / 4 / 6 columns), Add / Update dialogs and the permanent delete. */
export function CategoryAdmin() {
  const query = useQuery({ queryKey: ADMIN_KEYS.categories, queryFn: fetchCategories });
  // undefined: closed; null: adding; a category: editing it
  const [editing, setEditing] = useState<Category | null | undefined>(undefined);

  return (
    <CrudScreen
      title="Category"
      actions={<AddButton onClick={() => setEditing(null)}>Add Category</AddButton>}
      query={query}
      rows={query.data}
      empty={<AdminEmpty title="No categories yet" hint="Add the first category with its image." />}
      removal={{
        action: deleteCategoryAction,
        queryKey: ADMIN_KEYS.categories,
        title: "Permanent Delete",
        message: DELETE_CONFIRM_TEXT,
        confirmLabel: "Confirm",
      }}
      dialogs={
        editing !== undefined && (
          <CategoryFormDialog
            key={editing?.id ?? "new"}
            category={editing ?? undefined}
            onClose={() => setEditing(undefined)}
          />
        )
      }
    >
      {(categories, remove) => (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-6" aria-label="Categories">
          {categories.map((category) => (
            <AdminCard
              key={category.id}
              testId="category-card"
              picture={<CatalogImage src={category.image} alt={category.name} />}
              name={category.name}
              centered
              onEdit={() => setEditing(category)}
              onDelete={() => remove(category)}
            />
          ))}
        </ul>
      )}
    </CrudScreen>
  );
}
