"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { CatalogImage } from "@/components/ui/catalog-image";
import { AdminCard, AdminEmpty, CrudScreen, SearchBox } from "@/components/ui/crud-screen";
import { Dialog } from "@/components/ui/dialog";
import { deleteProductAction } from "@/lib/catalog/admin/actions";
import type { Product } from "@/lib/catalog/types";
import { ADMIN_KEYS, fetchProducts } from "./admin-api";
import { ProductForm } from "./product-form";
import { PRODUCT_DELETE_TEXT, PRODUCT_DELETE_TITLE } from "./texts";

/** spec §9: product search waits 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

const PAGE_BUTTON =
  "h-10 rounded-xl border border-line px-4 text-sm font-semibold text-ink hover:bg-canvas disabled:cursor-not-allowed disabled:opacity-40";

/** spec §2 Product admin list: search, a grid of 12 a page, Previous / n/total / Next, edit and delete. */
export function ProductAdmin() {
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [editing, setEditing] = useState<Product | null>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  const query = useQuery({
    queryKey: ADMIN_KEYS.products(page, search),
    queryFn: () => fetchProducts(page, search),
    placeholderData: keepPreviousData,
  });
  const totalPages = Math.max(1, query.data?.totalNoPage ?? 1);

  function onSearch(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // a new search starts again at page 1 (spec §4)
      setSearch(value.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
  }

  return (
    <CrudScreen
      title="Product"
      actions={
        <SearchBox
          label="Search products"
          placeholder="Search product here ..."
          value={text}
          onChange={onSearch}
          busy={query.isFetching && !query.isPending}
        />
      }
      query={query}
      rows={query.data?.data}
      empty={
        <AdminEmpty
          title={search ? "No products match your search" : "No products yet"}
          hint={search ? "Try another word." : "Upload the first product from Upload Product."}
        />
      }
      removal={{
        action: deleteProductAction,
        queryKey: ADMIN_KEYS.allProducts,
        title: PRODUCT_DELETE_TITLE,
        message: PRODUCT_DELETE_TEXT,
        confirmLabel: "Delete",
        // the last card of the last page: step back a page
        onRemoved: () => {
          if (query.data?.data.length === 1 && page > 1) setPage(page - 1);
        },
      }}
      below={
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
            className={PAGE_BUTTON}
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
            className={PAGE_BUTTON}
          >
            Next
          </button>
        </nav>
      }
      dialogs={
        editing && (
          <Dialog
            title="Edit Product"
            size="xl"
            onClose={() => setEditing(null)}
            testId="product-edit-dialog"
          >
            <ProductForm key={editing.id} product={editing} onSaved={() => setEditing(null)} />
          </Dialog>
        )
      }
    >
      {(products, remove) => (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
          aria-label="Products"
        >
          {products.map((product) => (
            <AdminCard
              key={product.id}
              testId="admin-product-card"
              picture={product.images[0] && <CatalogImage src={product.images[0]} alt={product.name} />}
              name={product.name}
              detail={product.unit}
              onEdit={() => setEditing(product)}
              onDelete={() => remove(product)}
            />
          ))}
        </ul>
      )}
    </CrudScreen>
  );
}
