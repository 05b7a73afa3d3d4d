import "server-only";

// The catalogue's read shapes, in the REST contract's field names (spec §3) so that pages, route handlers and
// tests share one vocabulary. Prices are rupees (converted from paise with lib/money); the UI computes the
// discounted price with lib/money's discountedPrice. Client components import these with `import type`.

export type Ref = { _id: string; name: string };

export type CategoryDto = { _id: string; name: string; image: string };

export type SubCategoryDto = { _id: string; name: string; image: string; category: Ref[] };

/** What a product card shows: cards, home rows, listing grid and search results. */
export type ProductCard = {
  _id: string;
  name: string;
  image: string[];
  unit: string;
  stock: number;
  /** rupees, before discount */
  price: number;
  /** percent */
  discount: number;
};

/** The full product: detail page, admin edit form and the REST responses. */
export type Product = ProductCard & {
  category: Ref[];
  subCategory: Ref[];
  description: string;
  more_details: Record<string, string>;
  publish: boolean;
};

export type ProductDetail = "card" | "full";
export type ProductOf<D extends ProductDetail> = D extends "full" ? Product : ProductCard;

/** `POST /api/product/get`. */
export type AdminProductPage = { data: Product[]; totalCount: number; totalNoPage: number };

/** Sub-category listing: data, totalCount, page, limit. */
export type ListingPage<T> = { data: T[]; totalCount: number; page: number; limit: number };

/** Search results: data, totalCount, totalPage, page, limit. */
export type SearchPage<T> = { data: T[]; totalCount: number; totalPage: number; page: number; limit: number };
