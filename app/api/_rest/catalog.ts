import { toPaise, toRupees } from "@/lib/money";
import type {
  AdminProductPage,
  Category,
  ListingPage,
  Product,
  ProductCard,
  Ref,
  SearchPage,
  SubCategory,
} from "@/lib/catalog/types";

// The catalogue in the REST contract's words (shared/api-contract.md): records carry `_id`, prices are rupees, a
// product's pictures are `image`, its categories `category` and `subCategory`, its extra fields `more_details`.
// These translators are the only place those shapes are made (route handlers) or read back (the shop's own
// infinite grids, which page through the REST listing and search: app/(shop)/_catalog). Pure, without server-only.

export type RestRef = { _id: string; name: string };
export type RestCategory = { _id: string; name: string; image: string };
export type RestSubCategory = RestCategory & { category: RestRef[] };
export type RestProductCard = {
  _id: string;
  name: string;
  image: string[];
  unit: string;
  stock: number;
  /** rupees, before discount */
  price: number;
  discount: number;
};
export type RestProduct = RestProductCard & {
  category: RestRef[];
  subCategory: RestRef[];
  description: string;
  more_details: Record<string, string>;
  publish: boolean;
};
type RestOf<P extends ProductCard> = P extends Product ? RestProduct : RestProductCard;

export const toRestRef = (ref: Ref): RestRef => ({ _id: ref.id, name: ref.name });

export const toRestCategory = (c: Category): RestCategory => ({ _id: c.id, name: c.name, image: c.image });

export const toRestSubCategory = (s: SubCategory): RestSubCategory => ({
  ...toRestCategory(s),
  category: s.categories.map(toRestRef),
});

export function toRestProduct<P extends ProductCard>(product: P): RestOf<P> {
  const card: RestProductCard = {
    _id: product.id,
    name: product.name,
    image: product.images,
    unit: product.unit,
    stock: product.stock,
    price: toRupees(product.pricePaise),
    discount: product.discount,
  };
  if (!("categories" in product)) return card as RestOf<P>;
  const full = product as unknown as Product;
  const rest: RestProduct = {
    ...card,
    category: full.categories.map(toRestRef),
    subCategory: full.subCategories.map(toRestRef),
    description: full.description,
    more_details: full.moreDetails,
    publish: full.published,
  };
  return rest as RestOf<P>;
}

export const toRestListingPage = <P extends ProductCard>(page: ListingPage<P>): ListingPage<RestOf<P>> => ({
  data: page.data.map((p) => toRestProduct(p)),
  totalCount: page.totalCount,
  page: page.page,
  limit: page.limit,
});

export const toRestSearchPage = <P extends ProductCard>(page: SearchPage<P>) => ({
  data: page.data.map((p) => toRestProduct(p)),
  totalCount: page.totalCount,
  totalPage: page.totalPage,
  page: page.page,
  limit: page.limit,
});

export const toRestAdminProductPage = (page: AdminProductPage) => ({
  data: page.data.map((p) => toRestProduct(p)),
  totalCount: page.totalCount,
  totalNoPage: page.totalNoPage,
});

/** A product card of a REST answer, back in the catalogue's words (the shop's own grids page through REST). */
export const fromRestProductCard = (p: RestProductCard): ProductCard => ({
  id: p._id,
  name: p.name,
  images: p.image,
  unit: p.unit,
  stock: p.stock,
  pricePaise: toPaise(p.price),
  discount: p.discount,
});
