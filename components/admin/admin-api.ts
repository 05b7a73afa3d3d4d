import type { CategoryDto, Product, SubCategoryDto } from "@/lib/catalog/types";
import type { AdminPartner } from "@/lib/partners/admin";
import { NETWORK_FAILED_TEXT, UPLOAD_FAILED_TEXT } from "./texts";

// Client-side reads of the admin screens (TanStack Query) through the REST contract, and the image upload.
// Writes go through the server actions in lib/catalog/admin/actions.ts.

export const ADMIN_KEYS = {
  categories: ["admin", "categories"] as const,
  subCategories: ["admin", "subcategories"] as const,
  products: (page: number, search: string) => ["admin", "products", { page, search }] as const,
  allProducts: ["admin", "products"] as const,
  partners: ["admin", "partners"] as const,
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

export async function fetchCategories(): Promise<CategoryDto[]> {
  return (await request<Envelope & { data: CategoryDto[] }>("/api/category/get", { cache: "no-store" })).data;
}

export async function fetchSubCategories(): Promise<SubCategoryDto[]> {
  const body = await request<Envelope & { data: SubCategoryDto[] }>("/api/subcategory/get", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  return body.data;
}

export type ProductPage = { data: Product[]; totalCount: number; totalNoPage: number };

export async function fetchProducts(page: number, search: string): Promise<ProductPage> {
  const body = await request<Envelope & ProductPage>("/api/product/get", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ page, limit: ADMIN_PAGE_SIZE, search }),
  });
  return { data: body.data, totalCount: body.totalCount, totalNoPage: body.totalNoPage };
}

export async function fetchPartners(): Promise<AdminPartner[]> {
  return (await request<Envelope & { partners: AdminPartner[] }>("/api/delivery-partner", { cache: "no-store" }))
    .partners;
}

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
