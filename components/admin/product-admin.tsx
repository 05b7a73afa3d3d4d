"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { SearchIcon, SpinnerIcon } from "@/components/ui/icons";
import { deleteProductAction } from "@/lib/catalog/admin/actions";
import type { Product } from "@/lib/catalog/types";
import { ADMIN_KEYS, fetchProducts } from "./admin-api";
import { Dialog } from "@/components/ui/dialog";
import { AdminEmpty, AdminError, AdminHeader, AdminLoading, smallButton } from "./admin-states";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { inputClass } from "@/components/ui/form-field";
import { ProductForm } from "./product-form";
import { PRODUCT_DELETE_TEXT, PRODUCT_DELETE_TITLE } from "./texts";
import { callAction, toastResult } from "@/components/ui/use-action";
import { CatalogImage } from "@/components/ui/catalog-image";

/** spec §9: product search waits 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

type Dialog = { kind: "edit"; product: Product } | { kind: "delete"; product: Product };

/** spec §2 Product admin list: search, a grid of 12 a page, Previous / n/total / Next, edit and delete. */
export function ProductAdmin() {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const { data, isPending, isFetching, isError, error, refetch } = useQuery({
    queryKey: ADMIN_KEYS.products(page, search),
    queryFn: () => fetchProducts(page, search),
    placeholderData: keepPreviousData,
  });
  const totalPages = Math.max(1, data?.totalNoPage ?? 1);

  function onSearch(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // a new search starts again at page 1 (spec §4)
      setSearch(value.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
  }

  async function remove(product: Product) {
    setDeleting(true);
    const result = await callAction(deleteProductAction, { _id: product._id });
    setDeleting(false);
    setDialog(null);
    if (toastResult(result)) {
      // the last card of the last page: step back a page
      if (data && data.data.length === 1 && page > 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.allProducts });
    }
  }

  return (
    <section>
      <AdminHeader title="Product">
        <label className="relative block w-full sm:w-72">
          <span className="sr-only">Search products</span>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
          <input
            type="search"
            value={text}
            onChange={(e) => onSearch(e.target.value)}
            placeholder="Search product here ..."
            className={`${inputClass} h-10 pl-9`}
          />
          {isFetching && !isPending && (
            <SpinnerIcon className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-brand-600" />
          )}
        </label>
      </AdminHeader>

      <div className="mt-5">
        {isPending ? (
          <AdminLoading />
        ) : isError ? (
          <AdminError message={error.message} onRetry={() => void refetch()} />
        ) : data.data.length === 0 ? (
          <AdminEmpty
            title={search ? "No products match your search" : "No products yet"}
            hint={search ? "Try another word." : "Upload the first product from Upload Product."}
          />
        ) : (
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
            aria-label="Products"
          >
            {data.data.map((product) => (
              <li
                key={product._id}
                data-testid="admin-product-card"
                className="flex flex-col rounded-xl border border-line bg-white p-2 shadow-[0_1px_3px_rgba(0,0,0,0.04)]"
              >
                <div className="aspect-square overflow-hidden rounded-lg bg-canvas">
                  {product.image[0] && <CatalogImage src={product.image[0]} alt={product.name} />}
                </div>
                <p className="mt-2 line-clamp-2 min-h-[2.5em] text-xs leading-tight font-semibold text-ink">
                  {product.name}
                </p>
                <p className="mt-0.5 truncate text-xs text-muted">{product.unit}</p>
                <div className="mt-2 flex gap-1.5">
                  <button
                    type="button"
                    aria-label={`Edit ${product.name}`}
                    onClick={() => setDialog({ kind: "edit", product })}
                    className={`${smallButton} bg-brand-50 text-brand-700 hover:bg-brand-100`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete ${product.name}`}
                    onClick={() => setDialog({ kind: "delete", product })}
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

      <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
        <button
          type="button"
          disabled={page <= 1}
          onClick={() => setPage((p) => Math.max(1, p - 1))}
          className="h-10 rounded-xl border border-line px-4 text-sm font-semibold text-ink hover:bg-canvas disabled:cursor-not-allowed disabled:opacity-40"
        >
          Previous
        </button>
        <span data-testid="page-indicator" className="text-sm font-semibold text-ink tabular-nums">
          {page}/{totalPages}
        </span>
        <button
          type="button"
          disabled={page >= totalPages}
          onClick={() => setPage((p) => Math.min(totalPages, p + 1))}
          className="h-10 rounded-xl border border-line px-4 text-sm font-semibold text-ink hover:bg-canvas disabled:cursor-not-allowed disabled:opacity-40"
        >
          Next
        </button>
      </nav>

      {dialog?.kind === "edit" && (
        <Dialog title="Edit Product" size="xl" onClose={() => setDialog(null)} testId="product-edit-dialog">
          <ProductForm key={dialog.product._id} product={dialog.product} onSaved={() => setDialog(null)} />
        </Dialog>
      )}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          title={PRODUCT_DELETE_TITLE}
          message={PRODUCT_DELETE_TEXT}
          confirmLabel="Delete"
          pending={deleting}
          onConfirm={() => void remove(dialog.product)}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
