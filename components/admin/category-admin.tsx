"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { deleteCategoryAction } from "@/lib/catalog/admin/actions";
import type { CategoryDto } from "@/lib/catalog/types";
import { ADMIN_KEYS, fetchCategories } from "./admin-api";
import {
  AdminEmpty,
  AdminError,
  AdminHeader,
  AdminLoading,
  primaryButton,
  smallButton,
} from "./admin-states";
import { CategoryFormDialog } from "./category-form-dialog";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PlusIcon } from "@/components/ui/icons";
import { DELETE_CONFIRM_TEXT } from "./texts";
import { callAction, toastResult } from "@/components/ui/use-action";
import { CatalogImage } from "@/components/ui/catalog-image";

type Dialog =
  { kind: "add" } | { kind: "edit"; category: CategoryDto } | { kind: "delete"; category: CategoryDto };

/** spec §2 Category admin page: the grid (2 / 4 / 6 columns), Add / Update dialogs and the permanent delete. */
export function CategoryAdmin() {
  const queryClient = useQueryClient();
  const { data, isPending, isError, error, refetch } = useQuery({
    queryKey: ADMIN_KEYS.categories,
    queryFn: fetchCategories,
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function remove(category: CategoryDto) {
    setDeleting(true);
    const result = await callAction(deleteCategoryAction, { _id: category._id });
    setDeleting(false);
    // closed either way: a refusal (in use) is explained by the toast
    setDialog(null);
    if (toastResult(result)) await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.categories });
  }

  return (
    <section>
      <AdminHeader title="Category">
        <button type="button" className={primaryButton} onClick={() => setDialog({ kind: "add" })}>
          <PlusIcon className="size-4" />
          Add Category
        </button>
      </AdminHeader>

      <div className="mt-5">
        {isPending ? (
          <AdminLoading />
        ) : isError ? (
          <AdminError message={error.message} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <AdminEmpty title="No categories yet" hint="Add the first category with its image." />
        ) : (
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-6" aria-label="Categories">
            {data.map((category) => (
              <li
                key={category._id}
                data-testid="category-card"
                className="flex flex-col rounded-xl border border-line bg-white p-2 shadow-[0_1px_3px_rgba(0,0,0,0.04)]"
              >
                <div className="aspect-square overflow-hidden rounded-lg bg-canvas">
                  <CatalogImage src={category.image} alt={category.name} />
                </div>
                <p className="mt-2 line-clamp-2 min-h-[2.5em] text-center text-xs leading-tight font-semibold text-ink">
                  {category.name}
                </p>
                <div className="mt-2 flex gap-1.5">
                  <button
                    type="button"
                    aria-label={`Edit ${category.name}`}
                    onClick={() => setDialog({ kind: "edit", category })}
                    className={`${smallButton} bg-brand-50 text-brand-700 hover:bg-brand-100`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete ${category.name}`}
                    onClick={() => setDialog({ kind: "delete", category })}
                    className={`${smallButton} bg-red-50 text-red-700 hover:bg-red-100`}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      {dialog?.kind === "add" && <CategoryFormDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === "edit" && (
        <CategoryFormDialog
          key={dialog.category._id}
          category={dialog.category}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          title="Permanent Delete"
          message={DELETE_CONFIRM_TEXT}
          confirmLabel="Confirm"
          pending={deleting}
          onConfirm={() => void remove(dialog.category)}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
