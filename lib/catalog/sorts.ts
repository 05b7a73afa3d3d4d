// The product sorts, without zod: client components (the sort picker) import this, and zod would add ~30 kB
// gzipped to every listing and search page for one list of four names. lib/catalog/params.ts re-exports it.
export const PRODUCT_SORTS = ["relevance", "price_asc", "price_desc", "discount"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
