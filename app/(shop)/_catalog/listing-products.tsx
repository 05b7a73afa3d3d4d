import { listProductsBySubCategory } from "@/lib/catalog/cache";
import { LISTING_PAGE_SIZE, type ProductSort } from "@/lib/catalog/params";
import { toCardPage } from "@/components/catalog/product-pages";
import { RestProductGrid } from "./rest-product-grid";

/**
 * The listing grid of a store: page 1 (8 cards) from the server, later pages from the REST endpoint (with the same
 * store) as the shopper scrolls.
 */
export async function ListingProducts({
  storeId,
  categoryId,
  subCategoryId,
  sort,
}: {
  storeId: string;
  categoryId: string;
  subCategoryId: string;
  sort: ProductSort;
}) {
  const first = await listProductsBySubCategory({
    storeId,
    categoryId,
    subCategoryId,
    page: 1,
    limit: LISTING_PAGE_SIZE,
    sort,
  });

  if (first.totalCount === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line bg-white px-4 py-12 text-center text-muted">
        No products here yet. Please check the other sub-categories.
      </p>
    );
  }

  return (
    <RestProductGrid
      queryKey={["listing", storeId, categoryId, subCategoryId, sort]}
      source="listing"
      body={{ storeId, categoryId, subCategoryId, sort }}
      pageSize={LISTING_PAGE_SIZE}
      initialPage={toCardPage(first)}
      layout="listing"
    />
  );
}
