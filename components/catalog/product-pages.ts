import type { ListingPage, ProductCard } from "@/lib/catalog/types";

/** One page of cards as the infinite grids keep it (listing and search pages, normalised). */
export type CardPage = { data: ProductCard[]; page: number; totalPage: number; totalCount: number };

/** Loads one more page of a grid (the page number counts from 1). */
export type LoadCardPage = (page: number, signal?: AbortSignal) => Promise<CardPage>;

/** Cards only: full products carry more than a card needs. */
const toCard = (p: ProductCard): ProductCard => ({
  id: p.id,
  name: p.name,
  images: p.images,
  unit: p.unit,
  stock: p.stock,
  pricePaise: p.pricePaise,
  discount: p.discount,
});

/** A listing page has no totalPage; a search page has one. */
export function toCardPage(page: ListingPage<ProductCard> & { totalPage?: number }): CardPage {
  return {
    data: page.data.map(toCard),
    page: page.page,
    totalCount: page.totalCount,
    totalPage: page.totalPage ?? Math.ceil(page.totalCount / Math.max(page.limit, 1)),
  };
}
