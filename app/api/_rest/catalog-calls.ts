import "server-only";
import { z } from "zod";
import {
  categoryFormSchema,
  idField,
  productFormSchema,
  subCategoryFormSchema,
} from "@/lib/catalog/admin/schemas";
import { getCategory as getCategoryRecord, listCategories } from "@/lib/catalog/categories";
import { productDetailsKept } from "@/lib/catalog/details-cache";
import * as products from "@/lib/catalog/products";
import * as search from "@/lib/catalog/search";
import * as subCategories from "@/lib/catalog/subcategories";
import type { Product, ProductDetail } from "@/lib/catalog/types";
import {
  toRestAdminProductPage,
  toRestCategory,
  toRestListingPage,
  toRestProduct,
  toRestSearchPage,
  toRestSubCategory,
} from "./catalog";

// The catalogue's REST calls at the edge: its reads as the contract answers them (the domain read of one store's
// stock, then its translator from ./catalog.ts; uncached, REST clients get the database's current answer) and the bodies that name a
// record `_id`, parsed with the domain's schema and handed over as `id`.

/** `GET /api/category/get`: every category as {_id, name, image}, sorted by name. */
export const listCategoriesForApi = async () => (await listCategories()).map(toRestCategory);

export async function getCategory(id: string) {
  const category = await getCategoryRecord(id);
  return category && toRestCategory(category);
}

export const listSubCategories = async () => (await subCategories.listSubCategories()).map(toRestSubCategory);

export const listSubCategoriesOfCategory = async (categoryId: string) =>
  (await subCategories.listSubCategoriesOfCategory(categoryId)).map(toRestSubCategory);

export async function getSubCategory(id: string) {
  const sub = await subCategories.getSubCategory(id);
  return sub && toRestSubCategory(sub);
}

/** Kept a second per (product, store): lib/catalog/details-cache.ts. */
export const getProductDetails = async (productId: string, storeId: string) =>
  toRestProduct(await productDetailsKept(productId, storeId));

export const listProducts = async (input: Parameters<typeof products.listProducts>[0]) =>
  toRestAdminProductPage(await products.listProducts(input));

export const listProductsByCategory = async <D extends ProductDetail = "card">(
  storeId: string,
  categoryId: string,
  options?: { detail?: D; limit?: number },
) => (await products.listProductsByCategory(storeId, categoryId, options)).map((p) => toRestProduct(p));

export const listProductsBySubCategory = async <D extends ProductDetail = "card">(
  input: products.SubCategoryListingInput<D>,
) => toRestListingPage(await products.listProductsBySubCategory(input));

export const searchProducts = async <D extends ProductDetail = "card">(
  input: Parameters<typeof search.searchProducts<D>>[0],
) => toRestSearchPage(await search.searchProducts(input));

// ------------------------------------------------------------------------------------------- bodies with `_id`

/** A REST body's `_id` (checked as before, with its own messages) handed to the domain as `id`. */
const restId = { _id: idField("_id") };
const idFromRest = <T extends { _id: string }>({ _id, ...rest }: T) => ({ ...rest, id: _id });

export const restDeleteSchema = z.object(restId).transform(idFromRest);
export const restUpdateCategorySchema = categoryFormSchema.extend(restId).transform(idFromRest);
export const restUpdateSubCategorySchema = subCategoryFormSchema.extend(restId).transform(idFromRest);
export const restUpdateProductSchema = productFormSchema.extend(restId).transform(idFromRest);
/** Just the `_id` of an update, read before the rest of the body is completed from the stored product. */
export const restTargetSchema = z.looseObject(restId).transform(idFromRest);

/** A stored product as the fields of `PUT /api/product/update-product-details` (what a partial body completes). */
export const restProductFields = (p: Product) => {
  const rest = toRestProduct(p);
  return {
    name: rest.name,
    description: rest.description,
    image: rest.image,
    category: rest.category.map((c) => c._id),
    subCategory: rest.subCategory.map((s) => s._id),
    unit: rest.unit,
    stock: rest.stock,
    price: rest.price,
    discount: rest.discount,
    more_details: rest.more_details,
  };
};
