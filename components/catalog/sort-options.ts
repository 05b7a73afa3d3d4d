import { PRODUCT_SORTS, type ProductSort } from "@/lib/catalog/sorts";

export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: "Relevance",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
  discount: "Discount",
};

/** `?sort=` as a known sort; anything else is relevance. */
export function readSort(value: string | string[] | undefined): ProductSort {
  const v = Array.isArray(value) ? value[0] : value;
  return (PRODUCT_SORTS as readonly string[]).includes(v ?? "") ? (v as ProductSort) : "relevance";
}

/** The query string for a sort, keeping the other parameters (relevance is the default and is left out). */
export function sortQuery(sort: ProductSort, keep: Record<string, string> = {}): string {
  const params = new URLSearchParams(keep);
  if (sort !== "relevance") params.set("sort", sort);
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}
