import type { ProductCard } from "@/lib/catalog/types";

/** One page of cards as the infinite grids keep it (listing and search answers, normalised). */
export type CardPage = { data: ProductCard[]; page: number; totalPage: number; totalCount: number };

type ApiPage = {
  data?: ProductCard[];
  page?: number;
  limit?: number;
  totalCount?: number;
  totalPage?: number;
  message?: string;
};

/** Cards only: the REST answers carry full products, the grid needs a card's fields. */
const toCard = (p: ProductCard): ProductCard => ({
  _id: p._id,
  name: p.name,
  image: p.image,
  unit: p.unit,
  stock: p.stock,
  price: p.price,
  discount: p.discount,
});

/** A listing answer has no totalPage; a search answer has one. */
export function toCardPage(body: ApiPage, fallbackPage: number, fallbackLimit: number): CardPage {
  const page = body.page ?? fallbackPage;
  const limit = body.limit ?? fallbackLimit;
  const totalCount = body.totalCount ?? 0;
  return {
    data: (body.data ?? []).map(toCard),
    page,
    totalCount,
    totalPage: body.totalPage ?? Math.ceil(totalCount / Math.max(limit, 1)),
  };
}

/** POSTs one page to a catalogue endpoint; throws with the server's message on failure. */
export async function fetchCardPage(
  endpoint: string,
  body: Record<string, unknown>,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<CardPage> {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...body, page, limit }),
    signal,
  });
  const json = (await response.json().catch(() => ({}))) as ApiPage;
  if (!response.ok) throw new Error(json.message ?? "Could not load more products");
  return toCardPage(json, page, limit);
}
