import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NoPermission } from "@/components/admin/no-permission";
import { StockImport, StockQuantity } from "@/components/admin/store-stock";
import { DashboardPanel } from "@/components/layout/dashboard-panel";
import { viewerIsAdmin } from "@/lib/catalog/admin/guard";
import { isAppError } from "@/lib/errors";
import { validate } from "@/lib/http/parse";
import { listStores, listStoreStock, type StockPage } from "@/lib/stores";
import { LOW_STOCK, stockListQuery } from "@/lib/stores/schemas";

export const metadata: Metadata = { title: "Store stock" };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

// Issue 16, "Stock per store": one store's shelf, searched by name, filtered to low stock, each quantity set inline
// (a stock count), and the whole shelf exported or imported as CSV. Every change is a movement in the stock ledger.
export default async function StoreStockPage({
  params,
  searchParams,
}: {
  params: Promise<{ storeId: string }>;
  searchParams: Promise<{ search?: string | string[]; low?: string | string[]; page?: string | string[] }>;
}) {
  if (!(await viewerIsAdmin())) return <NoPermission />;
  const { storeId } = await params;
  const q = await searchParams;
  const store = (await listStores()).find((s) => s.id === storeId);
  if (!store) notFound();
  const query = validate(stockListQuery, {
    storeId,
    page: one(q.page) ?? undefined,
    limit: 25,
    search: one(q.search) ?? undefined,
    lowStock: one(q.low) ?? undefined,
  });
  let page: StockPage;
  try {
    page = await listStoreStock(query);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  const href = (n: number) => {
    const p = new URLSearchParams();
    if (query.search) p.set("search", query.search);
    if (query.lowStock) p.set("low", "1");
    if (n > 1) p.set("page", String(n));
    const s = p.toString();
    return `/dashboard/stores/${storeId}/stock${s ? `?${s}` : ""}`;
  };

  return (
    <DashboardPanel
      title={`Stock at ${store.name}`}
      lead="Set what this store has on its shelves. Every change is kept in the stock ledger."
    >
      <p className="mb-3 text-sm">
        <Link href="/dashboard/stores" className="font-semibold text-brand-700 hover:underline">
          ← All stores
        </Link>
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <form
          method="get"
          className="flex flex-wrap items-end gap-3"
          role="search"
          aria-label="Search this store's stock"
        >
          <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
            Product
            <input
              name="search"
              defaultValue={query.search}
              placeholder="Search by name"
              className="h-11 w-56 rounded-xl border border-line px-3 font-normal"
            />
          </label>
          <label className="flex h-11 items-center gap-2 text-sm text-ink">
            <input type="checkbox" name="low" value="1" defaultChecked={query.lowStock} className="size-5" />
            Low stock only ({LOW_STOCK} or fewer)
          </label>
          <button
            type="submit"
            className="h-11 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Search
          </button>
        </form>
        <a
          href={`/api/store/stock/export?storeId=${encodeURIComponent(storeId)}`}
          download
          className="flex h-11 items-center rounded-xl border border-line px-4 text-sm font-semibold text-ink hover:bg-canvas"
        >
          Export CSV
        </a>
        <StockImport storeId={storeId} />
      </div>

      <p className="mt-4 text-sm text-muted" data-testid="stock-count">
        {page.totalCount} {page.totalCount === 1 ? "product" : "products"}
        {query.lowStock ? ` with ${LOW_STOCK} or fewer` : ""}
        {query.search ? ` matching “${query.search}”` : ""}
      </p>
      {page.data.length === 0 ? (
        <p className="mt-4 rounded-xl bg-canvas p-4 text-sm text-muted">
          Nothing to show. Clear the search or the filter.
        </p>
      ) : (
        <ul
          className="mt-3 divide-y divide-line rounded-2xl border border-line"
          aria-label="Products and their stock"
        >
          {page.data.map((row) => (
            <li
              key={row.productId}
              className="flex flex-wrap items-center gap-3 px-3 py-2 md:px-4"
              data-testid="stock-row"
              data-product-id={row.productId}
            >
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-ink">{row.name}</p>
                <p className="text-xs text-muted">
                  {row.unit} · {row.productId}
                  {row.stock === 0 ? " · out of stock" : row.stock <= LOW_STOCK ? " · low" : ""}
                </p>
              </div>
              <StockQuantity storeId={storeId} productId={row.productId} name={row.name} stock={row.stock} />
            </li>
          ))}
        </ul>
      )}
      {page.totalNoPage > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
          {query.page > 1 && (
            <Link
              href={href(query.page - 1)}
              className="flex h-11 items-center rounded-xl border border-line px-4 font-semibold"
            >
              Previous
            </Link>
          )}
          <span className="text-muted">
            Page {query.page} of {page.totalNoPage}
          </span>
          {query.page < page.totalNoPage && (
            <Link
              href={href(query.page + 1)}
              className="flex h-11 items-center rounded-xl border border-line px-4 font-semibold"
            >
              Next
            </Link>
          )}
        </nav>
      )}
    </DashboardPanel>
  );
}
