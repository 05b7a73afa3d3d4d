"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { deleteSubCategoryAction } from "@/lib/catalog/admin/actions";
import type { SubCategoryDto } from "@/lib/catalog/types";
import { ADMIN_KEYS, fetchSubCategories } from "./admin-api";
import { AdminEmpty, AdminError, AdminHeader, AdminLoading, primaryButton } from "./admin-states";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PencilIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import { ImageViewer } from "./image-viewer";
import { SubCategoryFormDialog } from "./subcategory-form-dialog";
import { DELETE_CONFIRM_TEXT } from "./texts";
import { callAction, toastResult } from "@/components/ui/use-action";
import { CatalogImage } from "@/components/ui/catalog-image";

type Dialog =
  | { kind: "add" }
  | { kind: "edit"; sub: SubCategoryDto }
  | { kind: "delete"; sub: SubCategoryDto }
  | { kind: "view"; sub: SubCategoryDto };

/** spec §2 Sub Category admin page: one table sorted by name, not paginated. */
export function SubCategoryAdmin() {
  const queryClient = useQueryClient();
  const { data, isPending, isError, error, refetch } = useQuery({
    queryKey: ADMIN_KEYS.subCategories,
    queryFn: fetchSubCategories,
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function remove(sub: SubCategoryDto) {
    setDeleting(true);
    const result = await callAction(deleteSubCategoryAction, { _id: sub._id });
    setDeleting(false);
    setDialog(null);
    if (toastResult(result)) await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.subCategories });
  }

  return (
    <section>
      <AdminHeader title="Sub Category">
        <button type="button" className={primaryButton} onClick={() => setDialog({ kind: "add" })}>
          <PlusIcon className="size-4" />
          Add Sub Category
        </button>
      </AdminHeader>

      <div className="mt-5">
        {isPending ? (
          <AdminLoading />
        ) : isError ? (
          <AdminError message={error.message} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <AdminEmpty title="No sub categories yet" hint="Add a sub category under one or more categories." />
        ) : (
          <div className="overflow-x-auto rounded-xl border border-line">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="bg-canvas text-xs font-semibold tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="w-16 px-3 py-2.5">
                    Sr.No
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    Image
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    Category
                  </th>
                  <th scope="col" className="w-24 px-3 py-2.5 text-center">
                    Action
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {data.map((sub, index) => (
                  <tr key={sub._id} data-testid="subcategory-row" className="align-middle hover:bg-canvas/60">
                    <td className="px-3 py-2 text-muted tabular-nums">{index + 1}</td>
                    <td className="px-3 py-2 font-semibold text-ink">{sub.name}</td>
                    <td className="px-3 py-2">
                      <button
                        type="button"
                        onClick={() => setDialog({ kind: "view", sub })}
                        aria-label={`View image of ${sub.name}`}
                        className="block size-12 overflow-hidden rounded-lg border border-line bg-canvas"
                      >
                        <CatalogImage src={sub.image} />
                      </button>
                    </td>
                    <td className="px-3 py-2">
                      <ul className="flex flex-wrap gap-1">
                        {sub.category.map((c) => (
                          <li
                            key={c._id}
                            className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800"
                          >
                            {c.name}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex justify-center gap-1.5">
                        <button
                          type="button"
                          aria-label={`Edit ${sub.name}`}
                          onClick={() => setDialog({ kind: "edit", sub })}
                          className="flex size-8 items-center justify-center rounded-full bg-brand-50 text-brand-700 hover:bg-brand-100"
                        >
                          <PencilIcon className="size-4" />
                        </button>
                        <button
                          type="button"
                          aria-label={`Delete ${sub.name}`}
                          onClick={() => setDialog({ kind: "delete", sub })}
                          className="flex size-8 items-center justify-center rounded-full bg-red-50 text-red-700 hover:bg-red-100"
                        >
                          <TrashIcon className="size-4" />
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {dialog?.kind === "add" && <SubCategoryFormDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === "edit" && (
        <SubCategoryFormDialog
          key={dialog.sub._id}
          subCategory={dialog.sub}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "view" && (
        <ImageViewer url={dialog.sub.image} alt={dialog.sub.name} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          title="Permanent Delete"
          message={DELETE_CONFIRM_TEXT}
          confirmLabel="Confirm"
          pending={deleting}
          onConfirm={() => void remove(dialog.sub)}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
