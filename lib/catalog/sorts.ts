// The product sorts and page sizes, without zod: client components (the sort picker, the result skeletons in the
// shop's frame) import this, and zod would add ~30 kB gzipped to every page for a few constants.
// lib/catalog/params.ts re-exports them.
export const PRODUCT_SORTS = ["relevance", "price_asc", "price_desc", "discount"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Spec §9: search pages of 10 (and 10 skeletons), listing pages of 8, the admin's product list pages of 12. */
export const SEARCH_PAGE_SIZE = 10;
export const LISTING_PAGE_SIZE = 8;
export const ADMIN_PAGE_SIZE = 12;
