import "server-only";

// The catalogue in its own words: records carry `id`, money is integer paise, lists are named for what they hold.
// Pages, components, actions and the cart read these; the REST contract's shapes (`_id`, rupees, `image`,
// `more_details` …) are made from them only at the edge (app/api/_rest/catalog.ts). Client components import these
// with `import type`.

/** A category or sub-category as another record names it. */
export type Ref = { id: string; name: string };

export type Category = { id: string; name: string; image: string };

export type SubCategory = Category & { categories: Ref[] };

/** What a product card shows: cards, home rows, listing grid, search results and cart lines. */
export type ProductCard = {
  id: string;
  name: string;
  images: string[];
  unit: string;
  stock: number;
  /** before discount */
  pricePaise: number;
  /** percent */
  discount: number;
};

/** The full product: detail page, admin edit form and the REST responses. */
export type Product = ProductCard & {
  categories: Ref[];
  subCategories: Ref[];
  description: string;
  moreDetails: Record<string, string>;
  published: boolean;
};

export type ProductDetail = "card" | "full";
export type ProductOf<D extends ProductDetail> = D extends "full" ? Product : ProductCard;

/** The admin product list: one page, the total and the number of pages. */
export type AdminProductPage = { data: Product[]; totalCount: number; totalNoPage: number };

/** Sub-category listing: one page of products, the total, the page and its size. */
export type ListingPage<T> = { data: T[]; totalCount: number; page: number; limit: number };

/** Search results: as a listing page, with the number of pages. */
export type SearchPage<T> = ListingPage<T> & { totalPage: number };
