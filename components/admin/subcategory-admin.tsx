"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CatalogImage } from "@/components/ui/catalog-image";
import { AddButton, AdminEmpty, CrudScreen, RowActions } from "@/components/ui/crud-screen";
import { deleteSubCategoryAction } from "@/lib/catalog/admin/actions";
import type { SubCategory } from "@/lib/catalog/types";
import { ADMIN_KEYS, fetchSubCategories } from "./admin-api";
import { ImageViewer } from "./image-viewer";
import { SubCategoryFormDialog } from "./subcategory-form-dialog";
import { DELETE_CONFIRM_TEXT } from "./texts";

type Open = { kind: "add" } | { kind: "edit"; sub: SubCategory } | { kind: "view"; sub: SubCategory };

const COLUMNS = [
  { label: "Sr.No", className: "w-16" },
  { label: "Name" },
  { label: "Image" },
  { label: "Category" },
  { label: "Action", className: "w-24 text-center" },
];

/** spec §2 Sub Category admin page: one table sorted by name, not paginated. */
export function SubCategoryAdmin() {
  const query = useQuery({ queryKey: ADMIN_KEYS.subCategories, queryFn: fetchSubCategories });
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);

  return (
    <CrudScreen
      title="Sub Category"
      actions={<AddButton onClick={() => setOpen({ kind: "add" })}>Add Sub Category</AddButton>}
      query={query}
      rows={query.data}
      empty={
        <AdminEmpty title="No sub categories yet" hint="Add a sub category under one or more categories." />
      }
      removal={{
        action: deleteSubCategoryAction,
        queryKey: ADMIN_KEYS.subCategories,
        title: "Permanent Delete",
        message: DELETE_CONFIRM_TEXT,
        confirmLabel: "Confirm",
      }}
      dialogs={
        open?.kind === "view" ? (
          <ImageViewer url={open.sub.image} alt={open.sub.name} onClose={close} />
        ) : open ? (
          <SubCategoryFormDialog
            key={open.kind === "edit" ? open.sub.id : "new"}
            subCategory={open.kind === "edit" ? open.sub : undefined}
            onClose={close}
          />
        ) : null
      }
    >
      {(subs, remove) => (
        <div className="overflow-x-auto rounded-xl border border-line">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-canvas text-xs font-semibold tracking-wide text-muted uppercase">
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c.label} scope="col" className={`px-3 py-2.5 ${c.className ?? ""}`}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {subs.map((sub, index) => (
                <tr key={sub.id} data-testid="subcategory-row" className="align-middle hover:bg-canvas/60">
                  <td className="px-3 py-2 text-muted tabular-nums">{index + 1}</td>
                  <td className="px-3 py-2 font-semibold text-ink">{sub.name}</td>
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      onClick={() => setOpen({ kind: "view", sub })}
                      aria-label={`View image of ${sub.name}`}
                      className="block size-12 overflow-hidden rounded-lg border border-line bg-canvas"
                    >
                      <CatalogImage src={sub.image} />
                    </button>
                  </td>
                  <td className="px-3 py-2">
                    <ul className="flex flex-wrap gap-1">
                      {sub.categories.map((c) => (
                        <li
                          key={c.id}
                          className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800"
                        >
                          {c.name}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="px-3 py-2">
                    <RowActions
                      compact
                      name={sub.name}
                      onEdit={() => setOpen({ kind: "edit", sub })}
                      onDelete={() => remove(sub)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </CrudScreen>
  );
}
