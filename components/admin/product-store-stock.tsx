"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ADMIN_KEYS, fetchProductStock } from "./admin-api";

/**
 * The product's stock at every dark store (issue 16), under the product form's "Number of Stock" (which is the
 * default store's, as the REST contract's product calls read and write it). Each store's own figure is set on its
 * stock screen.
 */
export function ProductStoreStock({ productId }: { productId: string }) {
  const stock = useQuery({
    queryKey: ADMIN_KEYS.productStock(productId),
    queryFn: () => fetchProductStock(productId),
  });
  return (
    <section
      aria-labelledby={`store-stock-${productId}`}
      className="rounded-xl border border-line p-3 text-sm"
    >
      <h3 id={`store-stock-${productId}`} className="font-semibold text-ink">
        Stock per store
      </h3>
      <p className="text-xs text-muted">
        &ldquo;Number of Stock&rdquo; above is the default store&apos;s. Set the others on each store&apos;s
        stock screen.
      </p>
      {stock.isPending ? (
        <p className="mt-2 text-muted">Loading…</p>
      ) : stock.isError ? (
        <p role="alert" className="mt-2 text-red-700">
          {stock.error.message}{" "}
          <button type="button" onClick={() => void stock.refetch()} className="font-semibold underline">
            Try again
          </button>
        </p>
      ) : (
        <ul className="mt-2 grid gap-1 sm:grid-cols-2" data-testid="product-store-stock">
          {stock.data.map((s) => (
            <li key={s.storeId} className="flex justify-between gap-2">
              <Link href={`/dashboard/stores/${s.storeId}/stock`} className="text-brand-700 hover:underline">
                {s.storeName}
                {s.isDefault ? " (default)" : ""}
              </Link>
              <span className="tabular-nums">{s.stock}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
