import { callAction, failureText, type ServerAction } from "@/components/ui/use-action";
import { listCategoriesAction, listProductsAction, listSubCategoriesAction } from "@/lib/catalog/admin/actions";
import type { AdminProductPage, Category, SubCategory } from "@/lib/catalog/types";
import { listPartnersAction } from "@/lib/partners/admin-actions";
import { productStockByStoreAction } from "@/lib/stores/admin-actions";
import type { StoreStockLine } from "@/lib/stores/stock";
import type { Partner } from "@/lib/partners/partner";
import { NETWORK_FAILED_TEXT, UPLOAD_FAILED_TEXT } from "./texts";

// Client-side reads of the admin screens (TanStack Query) through the admin server actions, and the image upload
// (a multipart POST to /api/file/upload). Writes go through the server actions in lib/catalog/admin/actions.ts.

export const ADMIN_KEYS = {
  categories: ["admin", "categories"] as const,
  subCategories: ["admin", "subcategories"] as const,
  products: (page: number, search: string) => ["admin", "products", { page, search }] as const,
  allProducts: ["admin", "products"] as const,
  partners: ["admin", "partners"] as const,
  productStock: (productId: string) => ["admin", "product-stock", productId] as const,
};

export const ADMIN_PAGE_SIZE = 12;

type Envelope = { success?: boolean; message?: string };

async function request<T extends Envelope>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: "same-origin" });
  } catch {
    throw new Error(NETWORK_FAILED_TEXT);
  }
  const body = (await response.json().catch(() => null)) as T | null;
  if (!response.ok || !body?.success) throw new Error(body?.message ?? `Request failed (${response.status})`);
  return body;
}

/** A read action's data; its failure thrown with the text a toast would show (the query shows it with Try again). */
async function read<I, T>(action: ServerAction<I, T>, input: I): Promise<T> {
  const result = await callAction(action, input);
  if (!result.ok) throw new Error(failureText(result));
  return result.data;
}

export const fetchCategories = (): Promise<Category[]> => read(listCategoriesAction, undefined);

export const fetchSubCategories = (): Promise<SubCategory[]> => read(listSubCategoriesAction, undefined);

export type ProductPage = AdminProductPage;

export const fetchProducts = (page: number, search: string): Promise<ProductPage> =>
  read(listProductsAction, { page, search });

export const fetchProductStock = (productId: string): Promise<StoreStockLine[]> =>
  read(productStockByStoreAction, { productId });

export const fetchPartners = (): Promise<Partner[]> => read(listPartnersAction, undefined);

/** spec §7 uploadImage: multipart field `image`; answers the stored image's URL (data.url). */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.set("image", file);
  const body = await request<Envelope & { data?: { url?: string } }>("/api/file/upload", {
    method: "POST",
    body: form,
  });
  if (!body.data?.url) throw new Error(UPLOAD_FAILED_TEXT);
  return body.data.url;
}
